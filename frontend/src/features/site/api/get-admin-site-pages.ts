import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminSiteKey } from './site-keys';
import type { AdminSitePage, SitePageKey } from './types';

/** `GET /api/admin-panel/site-pages`: every page and the disclaimer, both languages' Markdown. */
export const getAdminSitePages = (signal?: AbortSignal) => api.get<AdminSitePage[]>('/api/admin-panel/site-pages', { signal });

export const adminSitePagesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminSiteKey, 'pages', 'list'],
    queryFn: ({ signal }) => getAdminSitePages(signal),
  });

export const useAdminSitePages = () => useQuery(adminSitePagesQueryOptions());

/** `GET /api/admin-panel/site-pages/{key}`: one page for its editor; 404 for an unknown key. */
export const getAdminSitePage = (key: SitePageKey, signal?: AbortSignal) =>
  api.get<AdminSitePage>(`/api/admin-panel/site-pages/${key}`, { signal });

export const adminSitePageQueryOptions = (key: SitePageKey) =>
  queryOptions({
    queryKey: [...adminSiteKey, 'pages', 'page', key],
    queryFn: ({ signal }) => getAdminSitePage(key, signal),
    // The form starts from what is saved now.
    staleTime: 0,
    meta: { silent: true },
  });

export const useAdminSitePage = (key: SitePageKey) => useQuery(adminSitePageQueryOptions(key));
