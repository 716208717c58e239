import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const WAITING_LIST_PAGE_SIZE = 20;
export const WAITING_LIST_STATUSES = ['waiting', 'ended'] as const;
export type WaitingListStatus = (typeof WAITING_LIST_STATUSES)[number];

/** A row of `GET /api/admin-panel/waiting-list` (`consultant_*` or `specialization_*` null for the other kind). */
export type WaitingListEntry = {
  entry_id: string;
  email: string;
  language: 'fr' | 'en';
  consultant_id: string | null;
  consultant_name: string | null;
  specialization_id: string | null;
  specialization_name_fr: string | null;
  specialization_name_en: string | null;
  /** Calendar days in France (`YYYY-MM-DD`). */
  from: string;
  to: string;
  /** RFC 3339. */
  joined_at: string;
  /** The last mail; null until the first. */
  notified_at: string | null;
  notifications: number;
  status: WaitingListStatus;
};

export type WaitingListPage = { items: WaitingListEntry[]; total: number; page: number; page_size: number };
export type WaitingListParams = { search: string; status: string; page: number };

export const waitingListKey = ['admin-waiting-list'] as const;

const filter = (params: { search: string; status: string }) => ({
  ...(params.search ? { search: params.search } : {}),
  ...(params.status ? { status: params.status } : {}),
});

/** `GET /api/admin-panel/waiting-list?search=&status=&page=&page_size=20`, oldest entry first. */
export const getWaitingList = (params: WaitingListParams, signal?: AbortSignal) =>
  api.get<WaitingListPage>('/api/admin-panel/waiting-list', {
    query: { ...filter(params), page: params.page, page_size: WAITING_LIST_PAGE_SIZE },
    signal,
  });

export const waitingListQueryOptions = (params: WaitingListParams) =>
  queryOptions({
    queryKey: [...waitingListKey, 'list', params],
    queryFn: ({ signal }) => getWaitingList(params, signal),
    placeholderData: keepPreviousData,
  });

export const useWaitingList = (params: WaitingListParams) => useQuery(waitingListQueryOptions(params));

/** `GET /api/admin-panel/waiting-list/export.csv?search=&status=`. */
export const waitingListExportHref = (params: { search: string; status: string }) => {
  const query = new URLSearchParams(filter(params)).toString();
  return `/api/admin-panel/waiting-list/export.csv${query ? `?${query}` : ''}`;
};

/** `DELETE /api/admin-panel/waiting-list/{entry_id}` → 204: deleted on request, the address erased; 404 unknown. */
export const deleteWaitingListEntry = (id: string) =>
  api.delete<void>(`/api/admin-panel/waiting-list/${encodeURIComponent(id)}`);

export const useDeleteWaitingListEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWaitingListEntry,
    meta: { feedback: { success: 'adminLists.waitingList.deleted', errorToast: true } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitingListKey }),
  });
};
