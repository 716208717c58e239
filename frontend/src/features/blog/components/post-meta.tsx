import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { PublicBlogCard } from '../api/types';
import styles from './blog.module.css';
import { formatPostDate } from './format-date';

/** Date, reading time and author of a post; a listed expert's name leads to their public page. */
export function PostMeta({ post }: { post: PublicBlogCard }) {
  const { t, i18n } = useTranslation();
  return (
    <p className={styles.meta}>
      <span>
        <time dateTime={post.published_at}>{formatPostDate(post.published_at, i18n.language)}</time>
      </span>
      <span>{t('blog.readingMinutes', { count: post.reading_minutes })}</span>
      <span>
        {t('blog.by')}{' '}
        {post.author.kind === 'editorial' ? (
          t('blog.editorialTeam')
        ) : post.author.listed ? (
          <Link to={paths.expertDetails.getHref(post.author.consultant_id)}>{post.author.name}</Link>
        ) : (
          post.author.name
        )}
      </span>
    </p>
  );
}
