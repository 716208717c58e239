import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageTitle } from '@/components/layouts/page-title';
import prose from '@/components/ui/prose.module.css';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
import { usePublicBlogPost } from '../api/get-public-blog-post';
import { useBlogLanguage } from '../api/public-language';
import styles from './blog.module.css';
import { PostMeta } from './post-meta';

/** The cover's box (16:9), so the text does not move when the image arrives. */
const COVER = { width: 1200, height: 675 };

/**
 * A post (`/blog/:slug`) in the interface language. A slug of the other language (a shared link,
 * or the language switched here) leads to the same post's slug in this language (`alternate`).
 * The body is the server's sanitised HTML; unknown, unpublished or trashed posts are not found.
 */
export function BlogPostPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const language = useBlogLanguage();
  const navigate = useNavigate();
  const query = usePublicBlogPost(slug);
  const post = query.data;
  const elsewhere =
    post && post.language !== language && post.alternate.language === language && post.alternate.slug !== slug
      ? post.alternate.slug
      : null;

  useEffect(() => {
    if (elsewhere) void navigate(paths.blogPost.getHref(elsewhere), { replace: true });
  }, [elsewhere, navigate]);

  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
  if (!post || elsewhere) {
    return (
      <div className={`container ${styles.page}`}>
        {query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    );
  }

  return (
    <article className={`container ${styles.page} ${styles.article}`}>
      <p>
        <Link to={paths.blog.getHref()}>{t('blog.back')}</Link>
      </p>
      <header className={styles.articleHead}>
        <PageTitle>{post.title}</PageTitle>
        <PostMeta post={post} />
        {post.tags.length > 0 && (
          <ul className={styles.chips} aria-label={t('blog.tagsLabel')}>
            {post.tags.map((tag) => (
              <li key={tag}>
                <Link className={styles.chip} to={paths.blog.getHref(tag)}>
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </header>
      {post.cover_url && (
        <img
          className={styles.cover}
          src={post.cover_url}
          width={COVER.width}
          height={COVER.height}
          alt={post.title}
          fetchPriority="high"
        />
      )}
      {/* Rendered from Markdown and sanitised by the server (docs/api.md "Blog"). */}
      <div className={prose.prose} lang={post.language} dangerouslySetInnerHTML={{ __html: post.body_html }} />
    </article>
  );
}
