import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { ListStatus } from '@/components/ui/list-status';
import listStyles from '@/components/ui/list.module.css';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { formatShortDateTimeIn, zoneLabel } from '@/lib/zoned-time';
import { useBookings } from '../api/get-bookings';
import { BOOKING_STATUSES } from '../api/types';
import styles from './booking.module.css';
import { BookingStatusBadge } from './status-badge';
import { useMoney } from './use-money';
import { useViewerZone } from '@/lib/viewer-zone';
import { clientName } from '@/lib/erased-name';

const KEYS = ['q', 'status', 'consultant_id', 'consultant', 'client_id', 'client', 'from', 'to'] as const;
type Key = (typeof KEYS)[number];

/** The day after a `YYYY-MM-DD` date: the server's `to` excludes it, the filter's "to" day is included. */
const dayAfter = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(next.getTime())) return undefined;
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * spec §2 admin `all-booking`: every booking, filtered by status, consultant, client (a
 * name in the table filters by that person), date range and free text, in pages; the
 * filters live in the address.
 */
export function AdminBookingsPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const value = (key: Key) => params.get(key) ?? '';
  const page = readPage(params.get('page'));
  const status = (BOOKING_STATUSES as readonly string[]).includes(value('status')) ? value('status') : '';
  const filters = {
    status: status || undefined,
    consultant_id: value('consultant_id') || undefined,
    client_id: value('client_id') || undefined,
    from: value('from') || undefined,
    to: value('to') ? dayAfter(value('to')) : undefined,
    q: value('q') || undefined,
  };
  const list = useBookings('admin-panel', { page, ...filters });
  const exportQuery = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const [draft, setDraft] = useState({ q: value('q'), from: value('from'), to: value('to') });
  const zone = useViewerZone('admin');
  const ids = { q: useId(), status: useId(), from: useId(), to: useId(), caption: useId() };
  const data = list.data;

  /** Reads the latest address (several filters may change before a render). */
  const goTo = (next: Partial<Record<Key, string>>, nextPage = 1) =>
    setParams((current) => {
      const merged = new URLSearchParams();
      for (const key of KEYS) {
        const v = key in next ? next[key] : current.get(key);
        if (v) merged.set(key, v);
      }
      if (nextPage > 1) merged.set('page', String(nextPage));
      return merged;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    goTo({ q: draft.q.trim(), from: draft.from, to: draft.to });
  };

  const columns = {
    date: t('adminBookings.columns.date'),
    consultant: t('adminBookings.columns.consultant'),
    client: t('adminBookings.columns.client'),
    status: t('adminBookings.columns.status'),
    total: t('adminBookings.columns.total'),
  };

  return (
    <div className="stack">
      <PageTitle>{t('adminBookings.title')}</PageTitle>
      <form role="search" className={listStyles.search} onSubmit={submit}>
        <label htmlFor={ids.q}>
          {t('adminBookings.search')}
          <input id={ids.q} type="search" value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </label>
        <label htmlFor={ids.from}>
          {t('adminBookings.from')}
          <input id={ids.from} type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label htmlFor={ids.to}>
          {t('adminBookings.to')}
          <input id={ids.to} type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <button type="submit" className="btn btn-secondary">
          {t('adminBookings.apply')}
        </button>
      </form>
      <div className={listStyles.search}>
        <label htmlFor={ids.status}>
          {t('bookings.filters.status')}
          <select id={ids.status} value={status} onChange={(e) => goTo({ status: e.target.value })}>
            <option value="">{t('bookings.filters.allStatuses')}</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`bookings.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {value('consultant_id') && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => goTo({ consultant_id: '', consultant: '' })}>
            {t('adminBookings.clearConsultant', { name: value('consultant') })}
          </button>
        )}
        {value('client_id') && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => goTo({ client_id: '', client: '' })}>
            {t('adminBookings.clearClient', { name: value('client') })}
          </button>
        )}
      </div>
      <p className={styles.zone}>{t('bookings.zone', { zone: zoneLabel(zone, i18n.language) })}</p>
      <p>
        <a className="btn btn-secondary" href={`/api/admin-panel/bookings/export.csv?${exportQuery.toString()}`} download>
          {t('adminBookings.exportCsv')}
        </a>
      </p>
      <div className="card">
        <ListStatus list={list} totalText={(count) => t('bookings.total', { count })} />
        {data && data.items.length > 0 && (
          <div className={listStyles.tableWrap}>
            <table className={listStyles.table} aria-labelledby={ids.caption}>
              <caption id={ids.caption} className="visually-hidden">
                {t('adminBookings.title')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{columns.date}</th>
                  <th scope="col">{columns.consultant}</th>
                  <th scope="col">{columns.client}</th>
                  <th scope="col">{columns.status}</th>
                  <th scope="col">{columns.total}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" data-label={columns.date}>
                      <Link to={paths.admin.bookingDetail.getHref(row.id)}>
                        {formatShortDateTimeIn(row.start, zone, i18n.language)}
                      </Link>
                    </th>
                    <td data-label={columns.consultant}>
                      <button
                        type="button"
                        className="btn-link"
                        aria-label={t('adminBookings.filterBy', { name: row.consultant.name ?? row.consultant.id })}
                        onClick={() => goTo({ consultant_id: row.consultant.id, consultant: row.consultant.name ?? row.consultant.id })}
                      >
                        {row.consultant.name ?? t('bookings.unnamed')}
                      </button>
                    </td>
                    <td data-label={columns.client}>
                      <button
                        type="button"
                        className="btn-link"
                        aria-label={t('adminBookings.filterBy', { name: clientName(row.client.name, t) ?? row.client.id })}
                        onClick={() => goTo({ client_id: row.client.id, client: clientName(row.client.name, t) ?? row.client.id })}
                      >
                        {clientName(row.client.name, t) ?? t('bookings.unnamed')}
                      </button>
                    </td>
                    <td data-label={columns.status}>
                      <BookingStatusBadge status={row.status} />
                    </td>
                    <td data-label={columns.total}>{row.free ? t('bookings.free') : money(row.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && data.items.length === 0 && <p>{t('adminBookings.none')}</p>}
        {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={(next) => goTo({}, next)} />}
      </div>
    </div>
  );
}
