import type { QueryClient } from '@tanstack/react-query';
import { publicLegalKey, publicSitePagesKey } from '@/lib/site-page';

/** Queries of the admin screens (site pages, legal versions and their trash). */
export const adminSiteKey = ['admin-site'] as const;

/** After an edit of a page: the admin lists and pages, and the public pages (the footer's disclaimer too). */
export const invalidateSitePages = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [...adminSiteKey, 'pages'] }),
    queryClient.invalidateQueries({ queryKey: publicSitePagesKey }),
  ]);

/** After a publication, a trash or a restore: the admin lists and the public legal pages. */
export const invalidateLegal = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [...adminSiteKey, 'legal'] }),
    queryClient.invalidateQueries({ queryKey: publicLegalKey }),
  ]);
