import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListPage, Product, ProductCard } from './types';

export const PRODUCTS_PAGE_SIZE = 12;

export type ProductListParams = { search: string; price: string; page: number };

/** `GET /api/public/digital-products?search=&price=&page=&page_size=`. */
export const publicProductsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: ['digital-products', 'public', params],
    queryFn: ({ signal }) =>
      api.get<ListPage<ProductCard>>('/api/public/digital-products', {
        query: { search: params.search || undefined, price: params.price || undefined, page: params.page, page_size: PRODUCTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const usePublicProducts = (params: ProductListParams) => useQuery(publicProductsQueryOptions(params));

/** `GET /api/public/digital-products/{id}`. */
export const usePublicProduct = (id: string) =>
  useQuery({
    queryKey: ['digital-products', 'public-item', id],
    queryFn: ({ signal }) => api.get<Product>(`/api/public/digital-products/${encodeURIComponent(id)}`, { signal }),
    meta: { silent: true },
  });
