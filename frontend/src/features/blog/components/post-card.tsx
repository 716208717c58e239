import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { PublicBlogCard } from '../api/types';
import styles from './blog.module.css';
import { PostMeta } from './post-meta';

/** The cover's box (16:9), so the card keeps its place while the image loads. */
const COVER = { width: 640, height: 360 };

type Props = {
  post: PublicBlogCard;
  /** Heading level of the title in the page's outline. */
  headingLevel?: 2 | 3;
  /** The first card of a page: its cover is the page's largest paint, so it loads at once. */
  priority?: boolean;
};

/** One post in a list: cover, title (the link to it), excerpt, date, reading time and author. */
export function PostCard({ post, headingLevel = 2, priority = false }: Props) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`card ${styles.card}`}>
      {post.cover_url && (
        <img
          className={styles.cardCover}
          src={post.cover_url}
          width={COVER.width}
          height={COVER.height}
          alt={post.title}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      )}
      <div className={styles.cardBody}>
        <Heading className={styles.cardTitle}>
          <Link to={paths.blogPost.getHref(post.slug)}>{post.title}</Link>
        </Heading>
        <PostMeta post={post} />
        {post.excerpt && <p className={styles.excerpt}>{post.excerpt}</p>}
      </div>
    </article>
  );
}
