import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * `POST /api/admin-panel/blog-preview` `{body}` (≤ 50,000) → `{html}`: the sanitised HTML the site
 * would show for a Markdown text (blog posts, static pages and legal texts share one rendering).
 */
export const previewMarkdown = (body: string) => api.post<{ html: string }>('/api/admin-panel/blog-preview', { body });

/** A Markdown field's preview; a refusal is shown in place of the preview (no toast). */
export const useMarkdownPreview = () => useMutation({ mutationFn: previewMarkdown });

/** A Markdown text rendered as the site shows it, to read (a saved legal version); kept while the screen lives. */
export const useRenderedMarkdown = (body: string) =>
  useQuery({
    queryKey: ['markdown-preview', body],
    queryFn: () => previewMarkdown(body),
    staleTime: Infinity,
    meta: { silent: true },
  });
