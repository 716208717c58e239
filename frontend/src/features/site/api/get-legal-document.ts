import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { publicLegalKey, useSiteLanguage, type SiteLanguage } from '@/lib/site-page';
import type { LegalKind, PublicLegalDocument } from './types';

/**
 * `GET /api/public/legal/{kind}?version=`: the version in force (or the one asked for; 404 when
 * unknown or trashed) in `language`, which the request says explicitly (the same as its query key).
 */
export const getLegalDocument = (kind: LegalKind, language: SiteLanguage, version: string | null, signal?: AbortSignal) =>
  api.get<PublicLegalDocument>(`/api/public/legal/${kind}`, {
    query: { version },
    headers: { 'Accept-Language': language },
    signal,
  });

export const legalDocumentQueryOptions = (kind: LegalKind, language: SiteLanguage, version: string | null) =>
  queryOptions({
    queryKey: [...publicLegalKey, kind, language, version ?? ''],
    queryFn: ({ signal }) => getLegalDocument(kind, language, version, signal),
    // The page shows its own not-found page or error.
    meta: { silent: true },
  });

/** The terms or privacy policy (`version`: one of its versions, else the one in force) in the interface language. */
export const useLegalDocument = (kind: LegalKind, version: string | null) =>
  useQuery(legalDocumentQueryOptions(kind, useSiteLanguage(), version));
