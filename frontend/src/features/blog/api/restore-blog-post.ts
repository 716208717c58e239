import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { invalidateBlog } from './admin-blog-key';
import type { BlogPostRef } from './trash-blog-post';

/** `POST /api/admin-panel/blog-posts/{id}/restore` → 204: back with the status it had; 404. */
export const restoreBlogPost = (id: string) =>
  api.post<void>(`/api/admin-panel/blog-posts/${encodeURIComponent(id)}/restore`);

export const useRestoreBlogPost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: BlogPostRef) => restoreBlogPost(post.id),
    meta: {
      feedback: {
        success: (_data, post) => i18n.t('adminBlog.restored', { title: (post as BlogPostRef).title }),
        errorToast: true,
      },
    },
    onSettled: () => invalidateBlog(queryClient),
  });
};
