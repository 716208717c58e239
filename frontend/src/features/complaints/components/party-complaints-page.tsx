import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import listStyles from '@/components/ui/list.module.css';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { useListParams } from '@/components/ui/use-list-params';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/toast';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import { useComplaints, type ComplaintScope } from '../api/get-complaints';
import { COMPLAINT_STATUSES, type ComplaintRow, type PartyArea } from '../api/types';
import { ComplaintStatusBadge } from './complaint-status-badge';
import styles from './complaints.module.css';

type Props = { area: PartyArea; scope: ComplaintScope };

/**
 * spec §2 client and consultant `view-complaint-by-me` and `view-complaint-against`: the caller's complaints
 * (latest filed first) with status, type, subject, the other party, the booking's date and the filing date.
 */
export function PartyComplaintsPage({ area, scope }: Props) {
  const { t, i18n } = useTranslation();
  const { page, filters, goTo } = useListParams(['status'] as const);
  const status = (COMPLAINT_STATUSES as readonly string[]).includes(filters.status) ? filters.status : '';
  const list = useComplaints(area, { scope, status: status || undefined, page });
  const zone = useViewerZone(area);
  const ids = { status: useId(), caption: useId() };
  const data = list.data;
  const title = t(scope === 'by_me' ? 'complaints.titles.byMe' : 'complaints.titles.against');
  const date = (value: string | null | undefined) => (value ? formatShortDateTimeIn(value, zone, i18n.language) : '—');
  const other = (row: ComplaintRow) => {
    const party = scope === 'by_me' ? row.respondent : row.author;
    return party ? party.name || t('complaints.unnamed') : t('complaints.list.platform');
  };
  const columns = {
    status: t('complaints.list.columns.status'),
    type: t('complaints.list.columns.type'),
    subject: t('complaints.list.columns.subject'),
    other: t(scope === 'by_me' ? 'complaints.list.columns.against' : 'complaints.list.columns.by'),
    booking: t('complaints.list.columns.booking'),
    filed: t('complaints.list.columns.filed'),
  };

  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className={listStyles.toolbar}>
        <div className={listStyles.search}>
          <label htmlFor={ids.status}>
            {t('complaints.list.statusFilter')}
            <select id={ids.status} value={status} onChange={(event) => goTo({ filters: { status: event.target.value } })}>
              <option value="">{t('complaints.list.allStatuses')}</option>
              {COMPLAINT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`complaints.status.${value}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {scope === 'by_me' && (
          <Link className="btn" to={paths[area].addComplaint.getHref()}>
            {t('complaints.menu.add')}
          </Link>
        )}
      </div>
      <div className="card">
        <p role="status" aria-live="polite">
          {list.isPending ? t('common.loading') : data ? t('complaints.list.total', { count: data.total }) : ''}
        </p>
        {list.isError && !data && <p role="alert">{errorText(list.error, t('errors.network'))}</p>}
        {data && data.items.length === 0 && (
          <p>{t(scope === 'by_me' ? 'complaints.list.emptyByMe' : 'complaints.list.emptyAgainst')}</p>
        )}
        {data && data.items.length > 0 && (
          <div className={listStyles.tableWrap}>
            <table className={listStyles.table} aria-labelledby={ids.caption}>
              <caption id={ids.caption} className="visually-hidden">
                {title}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{columns.subject}</th>
                  <th scope="col">{columns.status}</th>
                  <th scope="col">{columns.type}</th>
                  <th scope="col">{columns.other}</th>
                  <th scope="col">{columns.booking}</th>
                  <th scope="col">{columns.filed}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" data-label={columns.subject}>
                      <Link to={paths[area].complaint.getHref(row.id)}>{row.subject}</Link>
                    </th>
                    <td data-label={columns.status}>
                      <ComplaintStatusBadge status={row.status} />
                      {row.awaiting_information && <span className={styles.awaiting}>{t('complaints.list.awaiting')}</span>}
                    </td>
                    <td data-label={columns.type}>{row.type.name}</td>
                    <td data-label={columns.other}>{other(row)}</td>
                    <td data-label={columns.booking}>{row.booking ? date(row.booking.start) : t('complaints.list.noBooking')}</td>
                    <td data-label={columns.filed}>{date(row.filed_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={(next) => goTo({ page: next })} />}
      </div>
    </div>
  );
}
