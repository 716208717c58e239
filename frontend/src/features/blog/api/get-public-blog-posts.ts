import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { languageHeaders, publicBlogKey, useBlogLanguage } from './public-language';
import type { BlogLanguage, ListPage, PublicBlogCard } from './types';

/** Posts a page of the public blog shows (the server serves at most 24). */
export const BLOG_PAGE_SIZE = 12;
/** Posts on the home page and on an expert's page. */
export const LATEST_POSTS = 3;

export type PublicBlogQuery = { tag?: string; expert?: string; page?: number; pageSize: number };

/** `GET /api/public/blog-posts?tag=&expert=&page=&page_size=`: published posts, newest first, in `language`. */
export const getPublicBlogPosts = (language: BlogLanguage, query: PublicBlogQuery, signal?: AbortSignal) =>
  api.get<ListPage<PublicBlogCard>>('/api/public/blog-posts', {
    query: { tag: query.tag, expert: query.expert, page: query.page, page_size: query.pageSize },
    headers: languageHeaders(language),
    signal,
  });

export const publicBlogPostsQueryOptions = (language: BlogLanguage, query: PublicBlogQuery) =>
  queryOptions({
    queryKey: [...publicBlogKey, 'posts', language, query],
    queryFn: ({ signal }) => getPublicBlogPosts(language, query, signal),
    placeholderData: keepPreviousData,
  });

export const usePublicBlogPosts = (query: PublicBlogQuery) => {
  const language = useBlogLanguage();
  return useQuery(publicBlogPostsQueryOptions(language, query));
};

/**
 * The few latest posts of the home page or of an expert's page: a bonus there, so a failure
 * shows nothing (no error toast) and the section stays hidden.
 */
export const useLatestBlogPosts = (expert?: string) => {
  const language = useBlogLanguage();
  return useQuery({
    ...publicBlogPostsQueryOptions(language, { expert, pageSize: LATEST_POSTS }),
    placeholderData: undefined,
    meta: { silent: true },
  });
};
