import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { referenceKey, type ReferenceKind } from '../reference-sets';
import { REFERENCE_PAGE_SIZE, type ReferencePage } from './reference-item';

export type ReferenceListParams = { trashed: boolean; search: string; page: number };

/** `GET /api/admin-panel/reference/{kind}?trashed=&search=&page=&page_size=20`. */
export const getReferenceItems = (kind: ReferenceKind, params: ReferenceListParams, signal?: AbortSignal) =>
  api.get<ReferencePage>(`/api/admin-panel/reference/${kind}`, {
    query: {
      trashed: String(params.trashed),
      search: params.search,
      page: params.page,
      page_size: REFERENCE_PAGE_SIZE,
    },
    signal,
  });

export const referenceItemsQueryOptions = (kind: ReferenceKind, params: ReferenceListParams) =>
  queryOptions({
    queryKey: [...referenceKey(kind), 'list', params],
    queryFn: ({ signal }) => getReferenceItems(kind, params, signal),
    placeholderData: keepPreviousData,
  });

export const useReferenceItems = (kind: ReferenceKind, params: ReferenceListParams) =>
  useQuery(referenceItemsQueryOptions(kind, params));
