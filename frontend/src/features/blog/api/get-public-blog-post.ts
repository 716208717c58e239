import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { languageHeaders, publicBlogKey, useBlogLanguage } from './public-language';
import type { BlogLanguage, PublicBlogPost } from './types';

/**
 * `GET /api/public/blog-posts/by-slug/{slug}`: the slug is looked up in `language`, then in the
 * other one (`language` of the answer says which, `alternate` names the other version); 404 when
 * unknown, not yet published or trashed.
 */
export const getPublicBlogPost = (language: BlogLanguage, slug: string, signal?: AbortSignal) =>
  api.get<PublicBlogPost>(`/api/public/blog-posts/by-slug/${encodeURIComponent(slug)}`, {
    headers: languageHeaders(language),
    signal,
  });

export const publicBlogPostQueryOptions = (language: BlogLanguage, slug: string) =>
  queryOptions({
    queryKey: [...publicBlogKey, 'post', language, slug],
    queryFn: ({ signal }) => getPublicBlogPost(language, slug, signal),
    // While the other language's version loads, the one shown stays (and names its alternate).
    placeholderData: keepPreviousData,
    // The page shows its own not-found page or error.
    meta: { silent: true },
  });

export const usePublicBlogPost = (slug: string) => {
  const language = useBlogLanguage();
  return useQuery(publicBlogPostQueryOptions(language, slug));
};
