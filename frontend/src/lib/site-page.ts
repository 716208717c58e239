import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './api-client';

/** The language the site's own texts are read in: the interface's (French unless English). */
export type SiteLanguage = 'fr' | 'en';

export const useSiteLanguage = (): SiteLanguage => (useTranslation().i18n.language === 'en' ? 'en' : 'fr');

/** `GET /api/public/site-pages/{key}`: a static page or the disclaimer, in the request's language. */
export type PublicSitePage = {
  key: string;
  title: string;
  description: string;
  /** Rendered from Markdown and sanitised by the server. */
  html: string;
  /** null while the page has its built-in text. */
  edited_at: string | null;
};

/** Queries of the public static pages (per key and language): read again after an administrator's edit. */
export const publicSitePagesKey = ['site-pages'] as const;

/** Queries of the public terms and privacy pages (per kind, language and version): read again after a publication. */
export const publicLegalKey = ['legal'] as const;

/**
 * The request says its language explicitly (the same as its query key), so a cached answer is
 * never one of the other language.
 */
export const getPublicSitePage = (key: string, language: SiteLanguage, signal?: AbortSignal) =>
  api.get<PublicSitePage>(`/api/public/site-pages/${encodeURIComponent(key)}`, {
    headers: { 'Accept-Language': language },
    signal,
  });

export const publicSitePageQueryOptions = (key: string, language: SiteLanguage) =>
  queryOptions({
    queryKey: [...publicSitePagesKey, key, language],
    queryFn: ({ signal }) => getPublicSitePage(key, language, signal),
    staleTime: 5 * 60_000,
    // The pages show their own error (the footer's disclaimer keeps its built-in text).
    meta: { silent: true },
  });
