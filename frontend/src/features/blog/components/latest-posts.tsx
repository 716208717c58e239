import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLatestBlogPosts } from '../api/get-public-blog-posts';
import styles from './blog.module.css';
import { PostCard } from './post-card';

/** The home page's "Latest articles": the three newest posts; nothing at all while there are none. */
export function LatestPosts() {
  const { t } = useTranslation();
  const headingId = useId();
  const posts = useLatestBlogPosts().data?.items ?? [];
  if (posts.length === 0) return null;
  return (
    <section className={`container ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('blog.latest.title')}</h2>
      <ul className={styles.grid}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} headingLevel={3} />
          </li>
        ))}
      </ul>
      <p className={styles.more}>
        <Link to={paths.blog.getHref()}>{t('blog.latest.all')}</Link>
      </p>
    </section>
  );
}

/** An expert's page: their three newest posts; nothing at all while there are none. */
export function ExpertPosts({ consultantId }: { consultantId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const posts = useLatestBlogPosts(consultantId).data?.items ?? [];
  if (posts.length === 0) return null;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('blog.expert.title')}</h2>
      <ul className={styles.grid}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
