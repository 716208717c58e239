import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListStatus } from '@/components/ui/list-status';
import listStyles from '@/components/ui/list.module.css';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import type { ComplaintRow, Page } from '../api/types';
import { ComplaintStatusBadge } from './complaint-status-badge';
import styles from './complaints.module.css';

/** A column about the parties (who filed it, whom it is against), after the type. */
export type PartyColumn = { key: string; label: string; cell: (row: ComplaintRow) => ReactNode };

type Props = {
  /** The page's title, the table's caption. */
  title: string;
  list: { isPending: boolean; isError: boolean; error: unknown; data?: Page<ComplaintRow> };
  /** Shown when the list is empty. */
  empty: string;
  href: (row: ComplaintRow) => string;
  partyColumns: PartyColumn[];
  booking: (row: ComplaintRow) => ReactNode;
  date: (at: string | null | undefined) => string;
  page: number;
  onPage: (page: number) => void;
};

/**
 * The complaints lists' card (the parties' and the administrators'): count, error, empty text, the table
 * (subject, status, type, the party columns, booking, filing date) and the pages.
 */
export function ComplaintsTable({ title, list, empty, href, partyColumns, booking, date, page, onPage }: Props) {
  const { t } = useTranslation();
  const caption = useId();
  const data = list.data;
  const columns = {
    subject: t('complaints.list.columns.subject'),
    status: t('complaints.list.columns.status'),
    type: t('complaints.list.columns.type'),
    booking: t('complaints.list.columns.booking'),
    filed: t('complaints.list.columns.filed'),
  };

  return (
    <div className="card">
      <ListStatus list={list} totalText={(count) => t('complaints.list.total', { count })} />
      {data && data.items.length === 0 && <p>{empty}</p>}
      {data && data.items.length > 0 && (
        <div className={listStyles.tableWrap}>
          <table className={listStyles.table} aria-labelledby={caption}>
            <caption id={caption} className="visually-hidden">
              {title}
            </caption>
            <thead>
              <tr>
                <th scope="col">{columns.subject}</th>
                <th scope="col">{columns.status}</th>
                <th scope="col">{columns.type}</th>
                {partyColumns.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                  </th>
                ))}
                <th scope="col">{columns.booking}</th>
                <th scope="col">{columns.filed}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((row) => (
                <tr key={row.id}>
                  <th scope="row" data-label={columns.subject}>
                    <Link to={href(row)}>{row.subject}</Link>
                  </th>
                  <td data-label={columns.status}>
                    <ComplaintStatusBadge status={row.status} />
                    {row.awaiting_information && <span className={styles.awaiting}>{t('complaints.list.awaiting')}</span>}
                  </td>
                  <td data-label={columns.type}>{row.type.name}</td>
                  {partyColumns.map((column) => (
                    <td key={column.key} data-label={column.label}>
                      {column.cell(row)}
                    </td>
                  ))}
                  <td data-label={columns.booking}>{row.booking ? booking(row) : t('complaints.list.noBooking')}</td>
                  <td data-label={columns.filed}>{date(row.filed_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={onPage} />}
    </div>
  );
}
