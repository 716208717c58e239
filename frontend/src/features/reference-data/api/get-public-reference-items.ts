import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReferenceKind } from '../reference-sets';

export type PublicReferenceItem = {
  id: string;
  name_fr: string;
  name_en: string;
  parent_id: string | null;
  code: string | null;
};

/** `GET /api/public/reference/{kind}?parent_id=`: active items only (pickers). */
export const getPublicReferenceItems = (kind: ReferenceKind, parentId?: string, signal?: AbortSignal) =>
  api.get<{ items: PublicReferenceItem[] }>(`/api/public/reference/${kind}`, {
    query: { parent_id: parentId },
    signal,
  });

export const publicReferenceKey = (kind: ReferenceKind) => ['public-reference', kind] as const;

export const publicReferenceItemsQueryOptions = (kind: ReferenceKind, parentId?: string) =>
  queryOptions({
    queryKey: [...publicReferenceKey(kind), parentId ?? null],
    queryFn: ({ signal }) => getPublicReferenceItems(kind, parentId, signal),
    select: (data) => data.items,
  });

export const usePublicReferenceItems = (kind: ReferenceKind, parentId?: string) =>
  useQuery(publicReferenceItemsQueryOptions(kind, parentId));
