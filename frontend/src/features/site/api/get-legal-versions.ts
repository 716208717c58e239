import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminSiteKey } from './site-keys';
import type { AdminLegalVersion, LegalKind } from './types';

/**
 * `GET /api/admin-panel/legal/{kind}?trashed=`: every version (or the trash), newest date first,
 * with both languages' Markdown.
 */
export const getLegalVersions = (kind: LegalKind, trashed: boolean, signal?: AbortSignal) =>
  api.get<AdminLegalVersion[]>(`/api/admin-panel/legal/${kind}`, { query: { trashed: String(trashed) }, signal });

export const legalVersionsQueryOptions = (kind: LegalKind, trashed: boolean) =>
  queryOptions({
    queryKey: [...adminSiteKey, 'legal', kind, { trashed }],
    queryFn: ({ signal }) => getLegalVersions(kind, trashed, signal),
  });

export const useLegalVersions = (kind: LegalKind, trashed: boolean) => useQuery(legalVersionsQueryOptions(kind, trashed));
