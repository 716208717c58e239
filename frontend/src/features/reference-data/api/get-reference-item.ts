import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { referenceKey, type ReferenceKind } from '../reference-sets';
import type { ReferenceItem } from './reference-item';

/** `GET /api/admin-panel/reference/{kind}/{id}`. */
export const getReferenceItem = (kind: ReferenceKind, id: string, signal?: AbortSignal) =>
  api.get<ReferenceItem>(`/api/admin-panel/reference/${kind}/${encodeURIComponent(id)}`, { signal });

export const referenceItemQueryOptions = (kind: ReferenceKind, id: string) =>
  queryOptions({
    queryKey: [...referenceKey(kind), 'item', id],
    queryFn: ({ signal }) => getReferenceItem(kind, id, signal),
    staleTime: 0,
    meta: { silent: true },
  });

export const useReferenceItem = (kind: ReferenceKind, id: string) => useQuery(referenceItemQueryOptions(kind, id));
