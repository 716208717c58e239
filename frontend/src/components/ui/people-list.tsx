import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import { ActionButton } from './action-button';
import { DataTable } from './data-table';
import { Dialog, DialogActions } from './dialog';
import { ListStatus } from './list-status';
import listStyles from './list.module.css';
import { pageCountOf } from './page-count';
import { Pagination } from './pagination';
import { SearchForm } from './search-form';

type Envelope<Row> = { items: Row[]; total: number; page: number; page_size: number };

/** The translated texts of one list. */
type Texts<Row> = {
  title: string;
  search: string;
  exportCsv: string;
  total: (count: number) => string;
  empty: string;
  noMatch: string;
  /** The row's delete button's accessible name. */
  deleteLabel: (row: Row) => string;
  confirmTitle: string;
  /** What the dialog says will be erased. */
  confirmText: (row: Row) => string;
};

type Props<Row> = {
  texts: Texts<Row>;
  /** The address's search and page (`useListParams`). */
  search: string;
  page: number;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
  /** An optional status filter (kept in the address by the caller). */
  statusFilter?: { label: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void };
  list: { isPending: boolean; isError: boolean; error: unknown; data?: Envelope<Row> };
  exportHref: string;
  columns: readonly string[];
  rowKey: (row: Row) => string;
  /** The row's cells (`<td data-label>`…), its delete button added last. */
  cells: (row: Row) => ReactNode;
  remove: { isPending: boolean; mutate: (id: string, options: { onSuccess: () => void }) => void };
};

/**
 * An admin list of people known only by what they sent (contact messages, newsletter subscribers,
 * starter-kit requests, the waiting list): search and an optional status filter kept in the address,
 * the CSV export of the same filter, pages, and deletion on request once the administrator confirms
 * (the mutation announces the outcome; the dialog stays open on a failure).
 */
export function PeopleList<Row>(props: Props<Row>) {
  const { t } = useTranslation();
  const { texts, list, statusFilter, rowKey } = props;
  const [target, setTarget] = useState<Row | null>(null);
  const statusId = useId();
  const data = list.data;
  const close = () => setTarget(null);

  return (
    <div className="stack">
      <PageTitle>{texts.title}</PageTitle>
      <div className={listStyles.toolbar}>
        <SearchForm value={props.search} onSearch={props.onSearch} label={texts.search}>
          {statusFilter && (
            <label htmlFor={statusId}>
              {statusFilter.label}
              <select id={statusId} value={statusFilter.value} onChange={(event) => statusFilter.onChange(event.target.value)}>
                {statusFilter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          )}
        </SearchForm>
        <a className="btn btn-secondary" href={props.exportHref} download>
          {texts.exportCsv}
        </a>
      </div>
      <div className="card">
        <ListStatus list={list} totalText={texts.total} />
        {data && data.items.length > 0 && (
          <DataTable caption={texts.title} columns={props.columns}>
            {data.items.map((row) => (
              <tr key={rowKey(row)}>
                {props.cells(row)}
                <td data-label={props.columns.at(-1)}>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    aria-label={texts.deleteLabel(row)}
                    onClick={() => setTarget(row)}
                  >
                    {t('peopleList.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {data && data.items.length === 0 && <p>{props.search || statusFilter?.value ? texts.noMatch : texts.empty}</p>}
        {data && <Pagination page={props.page} pageCount={pageCountOf(data)} onPage={props.onPage} />}
      </div>
      {target && (
        <Dialog title={texts.confirmTitle} onClose={close}>
          <p>{texts.confirmText(target)}</p>
          <DialogActions>
            <button type="button" className="btn btn-secondary" onClick={close}>
              {t('peopleList.cancel')}
            </button>
            <ActionButton
              type="button"
              pending={props.remove.isPending}
              onClick={() => props.remove.mutate(rowKey(target), { onSuccess: close })}
            >
              {t('peopleList.confirmDelete')}
            </ActionButton>
          </DialogActions>
        </Dialog>
      )}
    </div>
  );
}
