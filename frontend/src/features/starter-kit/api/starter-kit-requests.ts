import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const STARTER_KITS_PAGE_SIZE = 20;

/** A row of `GET /api/admin-panel/starter-kit-requests`. */
export type StarterKitRequest = {
  request_id: string;
  name: string;
  email: string;
  language: 'fr' | 'en';
  /** RFC 3339. */
  requested_at: string;
};

export type StarterKitPage = { items: StarterKitRequest[]; total: number; page: number; page_size: number };
export type StarterKitListParams = { search: string; page: number };

export const starterKitsKey = ['admin-starter-kit-requests'] as const;

/** `GET /api/admin-panel/starter-kit-requests?search=&page=&page_size=20`, newest first. */
export const getStarterKitRequests = (params: StarterKitListParams, signal?: AbortSignal) =>
  api.get<StarterKitPage>('/api/admin-panel/starter-kit-requests', {
    query: { search: params.search, page: params.page, page_size: STARTER_KITS_PAGE_SIZE },
    signal,
  });

export const starterKitsQueryOptions = (params: StarterKitListParams) =>
  queryOptions({
    queryKey: [...starterKitsKey, 'list', params],
    queryFn: ({ signal }) => getStarterKitRequests(params, signal),
    placeholderData: keepPreviousData,
  });

export const useStarterKitRequests = (params: StarterKitListParams) => useQuery(starterKitsQueryOptions(params));

/** `GET /api/admin-panel/starter-kit-requests/export.csv?search=`. */
export const starterKitsExportHref = (search: string) => {
  const query = new URLSearchParams(search ? { search } : {}).toString();
  return `/api/admin-panel/starter-kit-requests/export.csv${query ? `?${query}` : ''}`;
};

/** `DELETE /api/admin-panel/starter-kit-requests/{id}` → 204: who asked is erased; 404 unknown. */
export const deleteStarterKitRequest = (id: string) =>
  api.delete<void>(`/api/admin-panel/starter-kit-requests/${encodeURIComponent(id)}`);

export const useDeleteStarterKitRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStarterKitRequest,
    meta: { feedback: { success: 'adminLists.starterKits.deleted', errorToast: true } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: starterKitsKey }),
  });
};
