import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminBlogKey } from './admin-blog-key';
import type { AdminBlogPost } from './types';

/** `GET /api/admin-panel/blog-posts/{id}`: the whole post (both languages, Markdown), trashed or not; 404. */
export const getBlogPost = (id: string, signal?: AbortSignal) =>
  api.get<AdminBlogPost>(`/api/admin-panel/blog-posts/${encodeURIComponent(id)}`, { signal });

export const blogPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminBlogKey, 'post', id],
    queryFn: ({ signal }) => getBlogPost(id, signal),
    // The form starts from what is saved now.
    staleTime: 0,
    meta: { silent: true },
  });

export const useBlogPost = (id: string) => useQuery(blogPostQueryOptions(id));
