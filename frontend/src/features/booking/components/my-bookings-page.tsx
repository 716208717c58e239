import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import { ListStatus } from '@/components/ui/list-status';
import listStyles from '@/components/ui/list.module.css';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { useListParams } from '@/components/ui/use-list-params';
import { zoneLabel } from '@/lib/zoned-time';
import type { PartyArea } from '../api/booking-actions';
import { useBookings } from '../api/get-bookings';
import { BOOKING_STATUSES, isUpcoming, type BookingRow } from '../api/types';
import { BookingDialogs } from './booking-dialogs';
import { BookingItem, type BookingDialog } from './booking-item';
import styles from './booking.module.css';
import { useNow } from './use-now';
import { useViewerZone } from '@/lib/viewer-zone';

const WHEN = ['upcoming', 'past'] as const;

function Section({ title, rows, render }: { title: string; rows: BookingRow[]; render: (row: BookingRow) => ReactNode }) {
  const id = useId();
  if (rows.length === 0) return null;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.map(render)}
    </section>
  );
}

/**
 * spec §2 client and consultant `my-booking`: upcoming and past bookings (filters: when,
 * status; pages), dates in the viewer's zone; cancel (refund said first), reschedule,
 * join when the room is open; the consultant also marks no-shows and adds notes.
 */
export function MyBookingsPage({ area }: { area: PartyArea }) {
  const { t, i18n } = useTranslation();
  const { page, filters, goTo } = useListParams(['when', 'status'] as const);
  const status = (BOOKING_STATUSES as readonly string[]).includes(filters.status) ? filters.status : '';
  const when = (WHEN as readonly string[]).includes(filters.when) ? filters.when : '';
  const list = useBookings(area, { status: status || undefined, page });
  const [dialog, setDialog] = useState<BookingDialog | null>(null);
  const zone = useViewerZone(area);
  const now = useNow();
  const whenId = useId();
  const statusId = useId();
  const data = list.data;
  const rows = data?.items ?? [];
  const upcoming = rows.filter((row) => isUpcoming(row, now)).sort((a, b) => a.start.localeCompare(b.start));
  const past = rows.filter((row) => !isUpcoming(row, now));
  const render = (row: BookingRow) => <BookingItem key={row.id} area={area} row={row} zone={zone} onDialog={setDialog} />;

  return (
    <div className="stack">
      <PageTitle>{t('bookings.title')}</PageTitle>
      <p className={styles.zone}>{t('bookings.zone', { zone: zoneLabel(zone, i18n.language) })}</p>
      <div className={listStyles.search}>
        <label htmlFor={whenId}>
          {t('bookings.filters.when')}
          <select id={whenId} value={when} onChange={(event) => goTo({ filters: { when: event.target.value } })}>
            <option value="">{t('bookings.filters.all')}</option>
            {WHEN.map((value) => (
              <option key={value} value={value}>
                {t(`bookings.filters.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={statusId}>
          {t('bookings.filters.status')}
          <select id={statusId} value={status} onChange={(event) => goTo({ filters: { status: event.target.value } })}>
            <option value="">{t('bookings.filters.allStatuses')}</option>
            {BOOKING_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`bookings.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListStatus list={list} totalText={(count) => t('bookings.total', { count })} />
      {data && rows.length === 0 && <p className="card">{t('bookings.empty')}</p>}
      {when !== 'past' && <Section title={t('bookings.upcoming')} rows={upcoming} render={render} />}
      {when !== 'upcoming' && <Section title={t('bookings.past')} rows={past} render={render} />}
      {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={(next) => goTo({ page: next })} />}
      <BookingDialogs area={area} dialog={dialog} zone={zone} onClose={() => setDialog(null)} />
    </div>
  );
}
