import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { AdminPostList } from './admin-post-list';
import { AddPostPage, EditPostPage } from './post-form-pages';

/** spec §2 admin `add-blog`. */
export function AddBlogScreen() {
  return <AddPostPage />;
}

/** spec §2 admin `edit-blog/{id}`. */
export function EditBlogScreen() {
  const { id } = useParams();
  return id ? <EditPostPage key={id} id={id} /> : <NotFoundPage />;
}

/** spec §2 admin `view-blog`. */
export function ViewBlogScreen() {
  return <AdminPostList trashed={false} />;
}

/** spec §2 admin `view-trash-blog`. */
export function ViewTrashBlogScreen() {
  return <AdminPostList trashed />;
}
