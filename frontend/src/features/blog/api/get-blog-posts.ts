import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminBlogKey } from './admin-blog-key';
import type { AdminBlogRow, BlogStatus, ListPage } from './types';

export const ADMIN_BLOG_PAGE_SIZE = 20;

export type AdminBlogListParams = { trashed: boolean; search: string; status: BlogStatus | ''; page: number };

/** `GET /api/admin-panel/blog-posts?search=&status=&trashed=&page=&page_size=20`: latest change first. */
export const getBlogPosts = (params: AdminBlogListParams, signal?: AbortSignal) =>
  api.get<ListPage<AdminBlogRow>>('/api/admin-panel/blog-posts', {
    query: {
      search: params.search,
      status: params.status,
      trashed: String(params.trashed),
      page: params.page,
      page_size: ADMIN_BLOG_PAGE_SIZE,
    },
    signal,
  });

export const blogPostsQueryOptions = (params: AdminBlogListParams) =>
  queryOptions({
    queryKey: [...adminBlogKey, 'list', params],
    queryFn: ({ signal }) => getBlogPosts(params, signal),
    placeholderData: keepPreviousData,
  });

export const useBlogPosts = (params: AdminBlogListParams) => useQuery(blogPostsQueryOptions(params));
