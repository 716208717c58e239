import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { knownSession } from '@/lib/auth';
import { readShopParams } from '../components/use-shop-params';
import { benefitsQueryOptions, catalogueQueryOptions } from './get-catalogue';
import { publicProductsQueryOptions } from './get-products';

/**
 * `/lifestyle-product` route loader: the benefit labels, the catalogue's page and the products' page
 * (and a remembered client's session) are read while the page's code downloads, and the page first paints with them. Guessed room for
 * lists of unknown length moved what was below when they came (an empty label list, a short
 * catalogue). A failed read does not stop the page: its sections show their own error.
 */
export const prefetchShop =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const { search, kind, benefits, page, productsPage } = readShopParams(new URL(request.url).searchParams);
    await Promise.allSettled([
      queryClient.ensureQueryData(benefitsQueryOptions),
      queryClient.ensureQueryData(catalogueQueryOptions({ search, kind, benefits, page })),
      queryClient.ensureQueryData(publicProductsQueryOptions({ search: '', price: '', page: productsPage })),
      // A client's « Acheter » buys at once rather than asking to sign in first.
      knownSession(queryClient, 'client'),
    ]);
    return null;
  };
