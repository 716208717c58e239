import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/admin-panel/blog-preview` `{body}` (≤ 50,000) → `{html}`: the sanitised HTML the site would show. */
export const previewBlogBody = (body: string) => api.post<{ html: string }>('/api/admin-panel/blog-preview', { body });

/** The Markdown field's preview; a refusal is shown in place of the preview (no toast). */
export const useBlogPreview = () => useMutation({ mutationFn: previewBlogBody });
