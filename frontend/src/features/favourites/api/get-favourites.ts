import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ExpertCard } from '@/lib/expert-card';

export type Favourites = { items: ExpertCard[] };

/** `GET /api/client/favourites` → `{items: [expert card]}` (a signed-in client only). */
export const getFavourites = (signal?: AbortSignal) => api.get<Favourites>('/api/client/favourites', { signal });

export const favouritesKey = ['client', 'favourites'] as const;

export const favouritesQueryOptions = () =>
  queryOptions({
    queryKey: favouritesKey,
    queryFn: ({ signal }) => getFavourites(signal),
    meta: { silent: true },
  });

export const useFavourites = (enabled = true) => useQuery({ ...favouritesQueryOptions(), enabled });
