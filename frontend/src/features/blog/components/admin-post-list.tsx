import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { ListStatus } from '@/components/ui/list-status';
import { DataTable } from '@/components/ui/data-table';
import listStyles from '@/components/ui/list.module.css';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { RowActions } from '@/components/ui/row-actions';
import { SearchForm } from '@/components/ui/search-form';
import { useListParams } from '@/components/ui/use-list-params';
import { paths } from '@/config/paths';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import { useBlogPosts } from '../api/get-blog-posts';
import { useRestoreBlogPost } from '../api/restore-blog-post';
import { useTrashBlogPost } from '../api/trash-blog-post';
import { BLOG_STATUSES, type AdminBlogRow, type BlogStatus } from '../api/types';
import styles from './blog-admin.module.css';
import { PostStatusBadge } from './post-status-badge';

const isStatus = (value: string): value is BlogStatus => (BLOG_STATUSES as readonly string[]).includes(value);

/**
 * spec §2 admin `view-blog` and `view-trash-blog`: the posts, latest change first, 20 a page,
 * searched by title (either language) and filtered by status, both kept in the address. A post
 * goes to the trash once the administrator confirms, and comes back from it with the status it had.
 */
export function AdminPostList({ trashed }: { trashed: boolean }) {
  const { t, i18n } = useTranslation();
  const { search, page, filters, goTo } = useListParams(['status'] as const);
  const status = isStatus(filters.status) ? filters.status : '';
  const list = useBlogPosts({ trashed, search, status, page });
  const trash = useTrashBlogPost();
  const restore = useRestoreBlogPost();
  const zone = useViewerZone('admin');
  const statusId = useId();
  const english = i18n.language === 'en';
  const title = t(trashed ? 'adminBlog.titles.trash' : 'adminBlog.titles.view');
  const data = list.data;
  const columns = {
    title: t('adminBlog.columns.title'),
    status: t('adminBlog.columns.status'),
    date: t(trashed ? 'adminBlog.columns.trashedAt' : 'adminBlog.columns.publication'),
    author: t('adminBlog.columns.author'),
    actions: t('adminBlog.columns.actions'),
  };
  const dateTime = (value: string | null) => (value ? formatShortDateTimeIn(value, zone, i18n.language) : '—');
  const titleOf = (row: AdminBlogRow) => (english ? row.title_en : row.title_fr);

  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className={listStyles.toolbar}>
        <SearchForm value={search} onSearch={(value) => goTo({ search: value })} label={t('adminBlog.search')} />
        <div className={listStyles.search}>
          <label htmlFor={statusId}>
            {t('adminBlog.statusFilter')}
            <select id={statusId} value={status} onChange={(event) => goTo({ filters: { status: event.target.value } })}>
              <option value="">{t('adminBlog.allStatuses')}</option>
              {BLOG_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`adminBlog.statuses.${value}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className={listStyles.actions}>
          {trashed ? (
            <Link className="btn btn-secondary" to={paths.admin.blog.view.getHref()}>
              {t('adminBlog.titles.view')}
            </Link>
          ) : (
            <>
              <Link className="btn" to={paths.admin.blog.add.getHref()}>
                {t('adminBlog.titles.add')}
              </Link>
              <Link className="btn btn-secondary" to={paths.admin.blog.trash.getHref()}>
                {t('adminBlog.titles.trash')}
              </Link>
            </>
          )}
        </div>
      </div>

      <div className="card">
        <ListStatus list={list} totalText={(count) => t('adminBlog.total', { count })} />
        {data && data.items.length > 0 && (
          <DataTable caption={title} columns={Object.values(columns)}>
                {data.items.map((row) => {
                  const post = { id: row.id, title: titleOf(row) };
                  return (
                    <tr key={row.id}>
                      <th scope="row" data-label={columns.title} className={styles.titleCell}>
                        <span lang={english ? 'en' : 'fr'}>{post.title}</span>
                        <span className={styles.otherTitle} lang={english ? 'fr' : 'en'}>
                          {english ? row.title_fr : row.title_en}
                        </span>
                      </th>
                      <td data-label={columns.status}>
                        <PostStatusBadge status={row.status} />
                      </td>
                      <td data-label={columns.date}>
                        {dateTime(trashed ? row.trashed_at : (row.published_at ?? row.publish_at))}
                      </td>
                      <td data-label={columns.author}>
                        {row.author.kind === 'expert' ? row.author.name : t('adminBlog.editorialTeam')}
                      </td>
                      <td data-label={columns.actions}>
                        <RowActions
                          trashed={trashed}
                          texts="adminBlog"
                          named={{ title: post.title }}
                          editTo={paths.admin.blog.edit.getHref(row.id)}
                          confirm={{ title: t('adminBlog.confirmTitle'), text: t('adminBlog.confirmText', { title: post.title }) }}
                          onTrash={(close) => trash.mutate(post, { onSuccess: close })}
                          trashPending={trash.isPending}
                          onRestore={() => restore.mutate(post)}
                          restorePending={restore.isPending && restore.variables.id === row.id}
                        />
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
        )}
        {data && data.items.length === 0 && (
          <p>{t(search || status ? 'adminBlog.noMatch' : trashed ? 'adminBlog.emptyTrash' : 'adminBlog.empty')}</p>
        )}
        {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={(next) => goTo({ page: next })} />}
      </div>
    </div>
  );
}
