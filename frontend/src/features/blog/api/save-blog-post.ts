import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateBlog } from './admin-blog-key';
import type { BlogPostBody } from './types';

/**
 * `POST /api/admin-panel/blog-posts` → 201 `{id}`, or with an id `PUT /api/admin-panel/blog-posts/{id}`
 * → 200 `{id}` (the whole post is replaced); 400 `validation_failed` with dotted field names
 * (`fr.title`, `en.slug`, `author`, `cover`, `publish_at`); 404; 409 `blog_post_trashed`.
 */
export const saveBlogPost = (id: string | undefined, body: BlogPostBody) =>
  id
    ? api.put<{ id: string }>(`/api/admin-panel/blog-posts/${encodeURIComponent(id)}`, body)
    : api.post<{ id: string }>('/api/admin-panel/blog-posts', body);

/** Announced by the mutation cache, so the message survives the form leaving for the list. */
export const useSaveBlogPost = (id?: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlogPostBody) => saveBlogPost(id, body),
    // Refusals go on the form's fields (or a toast, from the form).
    meta: { feedback: { success: id ? 'adminBlog.updated' : 'adminBlog.created' } },
    onSuccess: () => invalidateBlog(queryClient),
  });
};
