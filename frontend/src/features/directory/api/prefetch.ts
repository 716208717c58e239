import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { getPersistedState } from '@/lib/persisted-state';
import { publicReferenceItemsQueryOptions } from '@/lib/public-reference';
import { effectiveFilters, FILTER_LISTS } from '../components/use-directory-filters';
import { expertQueryOptions } from './get-expert';
import { expertsQueryOptions } from './get-experts';

// The public directory pages start their requests while their code downloads, instead of
// after it (one round trip less before the results show on a phone). Nothing waits for them:
// the pages show their own loading and error states.

/**
 * `/our-experts/:search?`: the first page of results and the filters' lists. Called once the
 * title has painted (an effect), so the requests do not compete with the first paint.
 */
export const prefetchDirectory = (queryClient: QueryClient, searchParam: string | undefined) => {
  void queryClient.prefetchQuery(expertsQueryOptions(effectiveFilters(getPersistedState().filters, searchParam)));
  for (const kind of Object.values(FILTER_LISTS)) void queryClient.prefetchQuery(publicReferenceItemsQueryOptions(kind));
};

/** `/our-experts/details/:id` route loader: the expert's public profile, which the page paints. */
export const prefetchExpert =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.id) void queryClient.prefetchQuery(expertQueryOptions(params.id));
    return null;
  };
