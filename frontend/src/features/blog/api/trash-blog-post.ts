import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { invalidateBlog } from './admin-blog-key';

/** Which post, and its title for the messages. */
export type BlogPostRef = { id: string; title: string };

/** `POST /api/admin-panel/blog-posts/{id}/trash` → 204 (trashing a trashed post changes nothing); 404. */
export const trashBlogPost = (id: string) =>
  api.post<void>(`/api/admin-panel/blog-posts/${encodeURIComponent(id)}/trash`);

/** Announced by the mutation cache (survives the row leaving the list); the lists are read again either way. */
export const useTrashBlogPost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: BlogPostRef) => trashBlogPost(post.id),
    meta: {
      feedback: {
        success: (_data, post) => i18n.t('adminBlog.trashed', { title: (post as BlogPostRef).title }),
        errorToast: true,
      },
    },
    onSettled: () => invalidateBlog(queryClient),
  });
};
