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
import { useQuotes } from '../api/get-quotes';
import { useRestoreQuote } from '../api/restore-quote';
import { useTrashQuote } from '../api/trash-quote';
import { CLIP_LIST, CLIP_NAME, clipQuote, editQuoteHref } from './quote-text';
import styles from './quotes-admin.module.css';

/**
 * spec §2 admin `view-quote` and `view-trash-quote`: the quotes, latest added first, 20 a page, searched
 * by author or text (either language), kept in the address. Each row shows the French text (clipped),
 * the author and the date it was added (in the trash: when it was trashed). A quote goes to the trash
 * once the administrator confirms, and comes back from it into the home page's rotation.
 */
export function AdminQuoteList({ trashed }: { trashed: boolean }) {
  const { t, i18n } = useTranslation();
  const { search, page, goTo } = useListParams();
  const list = useQuotes({ trashed, search, page });
  const trash = useTrashQuote();
  const restore = useRestoreQuote();
  const zone = useViewerZone('admin');
  const title = t(trashed ? 'adminQuotes.titles.trash' : 'adminQuotes.titles.view');
  const data = list.data;
  const columns = {
    text: t('adminQuotes.columns.text'),
    author: t('adminQuotes.columns.author'),
    date: t(trashed ? 'adminQuotes.columns.trashedAt' : 'adminQuotes.columns.addedAt'),
    actions: t('adminQuotes.columns.actions'),
  };
  const dateTime = (value: string | null) => (value ? formatShortDateTimeIn(value, zone, i18n.language) : '—');

  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className={listStyles.toolbar}>
        <SearchForm value={search} onSearch={(value) => goTo({ search: value })} label={t('adminQuotes.search')} />
        <div className={listStyles.actions}>
          {trashed ? (
            <Link className="btn btn-secondary" to={paths.admin.quotes.view.getHref()}>
              {t('adminQuotes.titles.view')}
            </Link>
          ) : (
            <>
              <Link className="btn" to={paths.admin.quotes.add.getHref()}>
                {t('adminQuotes.titles.add')}
              </Link>
              <Link className="btn btn-secondary" to={paths.admin.quotes.trash.getHref()}>
                {t('adminQuotes.titles.trash')}
              </Link>
            </>
          )}
        </div>
      </div>

      <div className="card">
        <ListStatus list={list} totalText={(count) => t('adminQuotes.total', { count })} />
        {data && data.items.length > 0 && (
          <DataTable caption={title} columns={Object.values(columns)}>
                {data.items.map((row) => {
                  const quote = { id: row.quote_id, text: clipQuote(row.text_fr, CLIP_NAME) };
                  return (
                    <tr key={row.quote_id}>
                      <th scope="row" data-label={columns.text} className={styles.textCell}>
                        <span lang="fr">{clipQuote(row.text_fr, CLIP_LIST)}</span>
                      </th>
                      <td data-label={columns.author} className={styles.authorCell}>
                        {row.author}
                      </td>
                      <td data-label={columns.date}>{dateTime(trashed ? row.trashed_at : row.added_at)}</td>
                      <td data-label={columns.actions}>
                        <RowActions
                          trashed={trashed}
                          texts="adminQuotes"
                          named={{ text: quote.text }}
                          editTo={editQuoteHref(row)}
                          confirm={{
                            title: t('adminQuotes.confirmTitle'),
                            text: t('adminQuotes.confirmText', { text: quote.text, author: row.author }),
                          }}
                          onTrash={(close) => trash.mutate(quote, { onSuccess: close })}
                          trashPending={trash.isPending}
                          onRestore={() => restore.mutate(quote)}
                          restorePending={restore.isPending && restore.variables.id === row.quote_id}
                        />
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
        )}
        {data && data.items.length === 0 && (
          <p>{t(search ? 'adminQuotes.noMatch' : trashed ? 'adminQuotes.emptyTrash' : 'adminQuotes.empty')}</p>
        )}
        {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={(next) => goTo({ page: next })} />}
      </div>
    </div>
  );
}
