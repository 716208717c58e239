import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { languageHeaders, publicBlogKey, useBlogLanguage } from './public-language';
import type { BlogLanguage } from './types';

export type BlogTag = { tag: string; count: number };

/** `GET /api/public/blog-tags`: the tags of published posts in `language`, most used first. */
export const getBlogTags = (language: BlogLanguage, signal?: AbortSignal) =>
  api.get<{ items: BlogTag[] }>('/api/public/blog-tags', { headers: languageHeaders(language), signal });

export const blogTagsQueryOptions = (language: BlogLanguage) =>
  queryOptions({
    queryKey: [...publicBlogKey, 'tags', language],
    queryFn: ({ signal }) => getBlogTags(language, signal),
    select: (data) => data.items,
    // The filter is a help: without it the list still shows every post.
    meta: { silent: true },
  });

export const useBlogTags = () => {
  const language = useBlogLanguage();
  return useQuery(blogTagsQueryOptions(language));
};
