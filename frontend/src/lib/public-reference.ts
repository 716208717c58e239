import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** API slug of a reference list (`/api/public/reference/{kind}`). */
export type PublicReferenceKind =
  | 'disorders'
  | 'keywords'
  | 'languages'
  | 'nationalities'
  | 'objectives'
  | 'specializations'
  | 'complaint-types'
  | 'countries'
  | 'cities'
  | 'benefits';

export type PublicReferenceItem = {
  id: string;
  name_fr: string;
  name_en: string;
  parent_id: string | null;
  code: string | null;
};

/** Anything with names in both languages (reference items, topics of an expert). */
export type Named = { name_fr: string; name_en: string };

/** The name in the interface language (French first, English otherwise). */
export const localName = (item: Named, language: string) => (language === 'en' ? item.name_en : item.name_fr);

/** `GET /api/public/reference/{kind}?parent_id=`: active items only (pickers, filters). */
export const getPublicReferenceItems = (kind: PublicReferenceKind, parentId?: string, signal?: AbortSignal) =>
  api.get<{ items: PublicReferenceItem[] }>(`/api/public/reference/${kind}`, {
    query: { parent_id: parentId },
    signal,
  });

export const publicReferenceKey = (kind: PublicReferenceKind) => ['public-reference', kind] as const;

export const publicReferenceItemsQueryOptions = (kind: PublicReferenceKind, parentId?: string) =>
  queryOptions({
    queryKey: [...publicReferenceKey(kind), parentId ?? null],
    queryFn: ({ signal }) => getPublicReferenceItems(kind, parentId, signal),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });

export const usePublicReferenceItems = (kind: PublicReferenceKind, parentId?: string) =>
  useQuery(publicReferenceItemsQueryOptions(kind, parentId));

/** `GET /api/public/reference/{kind}/{id}`: one item, trashed ones too (old profiles still render). */
export const publicReferenceItemQueryOptions = (kind: PublicReferenceKind, id: string) =>
  queryOptions({
    queryKey: [...publicReferenceKey(kind), 'item', id],
    queryFn: ({ signal }) =>
      api.get<PublicReferenceItem>(`/api/public/reference/${kind}/${encodeURIComponent(id)}`, { signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
