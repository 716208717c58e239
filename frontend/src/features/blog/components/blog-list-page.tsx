import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { ListStatus } from '@/components/ui/list-status';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { useBlogTags } from '../api/get-blog-tags';
import { BLOG_PAGE_SIZE, usePublicBlogPosts } from '../api/get-public-blog-posts';
import { useBlogLanguage } from '../api/public-language';
import styles from './blog.module.css';
import { PostCard } from './post-card';

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** The tag filter: every tag of the published posts in the reading language, as links (`?tag=`). */
function TagFilter({ current }: { current: string }) {
  const { t } = useTranslation();
  const tags = useBlogTags();
  if (!tags.data || tags.data.length === 0) return null;
  return (
    <nav aria-label={t('blog.tagsLabel')}>
      <ul className={styles.chips}>
        <li>
          <Link className={styles.chip} to={paths.blog.getHref()} aria-current={current ? undefined : 'page'}>
            {t('blog.allTags')}
          </Link>
        </li>
        {tags.data.map(({ tag, count }) => (
          <li key={tag}>
            <Link className={styles.chip} to={paths.blog.getHref(tag)} aria-current={tag === current ? 'page' : undefined}>
              {tag}
              <span className={styles.count} aria-hidden="true">
                ({count})
              </span>
              <span className="visually-hidden">{t('blog.tagCount', { count })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The public blog (`/blog`): published posts in the interface language, newest first, filtered by
 * one tag (`?tag=`) and in pages (`?page=`), both kept in the address.
 */
export function BlogListPage() {
  const { t } = useTranslation();
  const language = useBlogLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const tag = searchParams.get('tag')?.trim() ?? '';
  const page = readPage(searchParams.get('page'));
  const list = usePublicBlogPosts({ tag: tag || undefined, page, pageSize: BLOG_PAGE_SIZE });
  const data = list.data;

  // Tags belong to one language: another language starts from every post again.
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    if (tag) setSearchParams(new URLSearchParams(), { replace: true });
  }, [language, tag, setSearchParams]);

  const goToPage = (next: number) => {
    const params = new URLSearchParams();
    if (tag) params.set('tag', tag);
    if (next > 1) params.set('page', String(next));
    setSearchParams(params);
  };

  return (
    <div className={`container ${styles.page}`}>
      <PageTitle subtitle={t('blog.lead')}>{t('blog.title')}</PageTitle>
      <TagFilter current={tag} />
      <ListStatus
        list={list}
        totalText={(count) => (tag ? t('blog.totalTagged', { count, tag }) : t('blog.total', { count }))}
      />
      {data && data.items.length > 0 && (
        <ul className={styles.grid}>
          {data.items.map((post, index) => (
            <li key={post.id}>
              <PostCard post={post} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      {data && data.items.length === 0 && (
        <p>
          {t(tag ? 'blog.noMatch' : 'blog.empty')}{' '}
          {tag && <Link to={paths.blog.getHref()}>{t('blog.allPosts')}</Link>}
        </p>
      )}
      {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={goToPage} />}
    </div>
  );
}
