import type { QueryClient } from '@tanstack/react-query';
import { publicBlogKey } from './public-language';

/** Queries of the admin blog screens (lists and posts). */
export const adminBlogKey = ['admin-blog'] as const;

/** After a write: the admin lists and posts, and what the public blog shows. */
export const invalidateBlog = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminBlogKey }),
    queryClient.invalidateQueries({ queryKey: publicBlogKey }),
  ]);
