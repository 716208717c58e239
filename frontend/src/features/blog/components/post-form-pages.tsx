import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/toast';
import { useBlogPost } from '../api/get-blog-post';
import { PostForm } from './post-form';

/** spec §2 admin `add-blog`: an empty post (a draft unless published or scheduled). */
export function AddPostPage() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <PageTitle>{t('adminBlog.titles.add')}</PageTitle>
      <div className="card">
        <PostForm />
      </div>
    </div>
  );
}

/** spec §2 admin `edit-blog/{id}`: the saved post; a trashed one is restored before it is edited. */
export function EditPostPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useBlogPost(id);
  const post = query.data;
  return (
    <div className="stack">
      <PageTitle>{t('adminBlog.titles.edit')}</PageTitle>
      <div className="card">
        {post ? (
          post.trashed_at ? (
            <p role="status">
              {t('adminBlog.form.trashed')}{' '}
              <Link to={paths.admin.blog.trash.getHref()}>{t('adminBlog.titles.trash')}</Link>
            </p>
          ) : (
            <PostForm key={`${post.id}-${post.updated_at}`} post={post} />
          )
        ) : query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    </div>
  );
}
