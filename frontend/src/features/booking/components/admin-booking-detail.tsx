import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { formatCardBrand, formatDateTime, formatMinutes } from '@/lib/format';
import { errorText } from '@/lib/toast';
import { formatDateTimeIn, zoneLabel } from '@/lib/zoned-time';
import { useBooking } from '../api/get-booking';
import type { BookingRow } from '../api/types';
import styles from './booking.module.css';
import { CancelDialog } from './cancel-dialog';
import { ReceiptLinks } from './receipt-links';
import { BookingStatusBadge } from './status-badge';
import { useMoney } from './use-money';
import { useNow } from './use-now';
import { useViewerZone } from '@/lib/viewer-zone';
import { clientName, ERASED } from '@/lib/erased-name';

/** An event type (`booking_confirmed`, `BookingCancelled`…) as words when no translation is known. */
const humanize = (type: string) =>
  type
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

/** The administrator may cancel a held or confirmed booking until it starts (the server answers 409 otherwise). */
const adminCancellable = (row: Pick<BookingRow, 'status' | 'start'>, now: number) =>
  (row.status === 'held' || row.status === 'confirmed') && new Date(row.start).getTime() > now;

/**
 * Admin booking detail (DESIGN §4 audit): the booking and its receipts, the reason typed when it was cancelled, its full event history
 * (who, what, when) and notes.
 * Before the start, the administrator may cancel a held or confirmed booking (full refund of what was paid).
 */
export function AdminBookingDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const query = useBooking('admin-panel', id);
  const row = query.data;
  const zone = useViewerZone('admin');
  const language = i18n.language;
  const now = useNow();
  const [cancelling, setCancelling] = useState(false);
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
  return (
    <div className="stack">
      <PageTitle>{t('adminBookings.detailTitle')}</PageTitle>
      <p>
        <Link to={paths.admin.allBooking.getHref()}>{t('adminBookings.back')}</Link>
      </p>
      {!row && (query.isError ? <p role="alert">{errorText(query.error, t('errors.network'))}</p> : <p role="status">{t('common.loading')}</p>)}
      {row && (
        <>
          <section className="card" aria-labelledby="booking-facts">
            <h2 id="booking-facts">
              {row.consultant.name ?? t('bookings.unnamed')} — {clientName(row.client.name, t) ?? t('bookings.unnamed')}
            </h2>
            <dl className={styles.facts}>
              <dt>{t('adminBookings.columns.status')}</dt>
              <dd>
                <BookingStatusBadge status={row.status} />
              </dd>
              <dt>{t('booking.quote.date')}</dt>
              <dd>{formatDateTimeIn(row.start, zone, language)}</dd>
              <dt>{t('booking.quote.zone')}</dt>
              <dd>{zoneLabel(zone, language)}</dd>
              <dt>{t('booking.quote.duration')}</dt>
              <dd>{formatMinutes(row.duration_minutes, language)}</dd>
              <dt>{t('booking.quote.price')}</dt>
              <dd>{money(row.price)}</dd>
              {row.discount.amount_minor > 0 && (
                <>
                  <dt>{t('booking.quote.discount')}</dt>
                  <dd>
                    −{money(row.discount)} {row.coupon_code ? `(${row.coupon_code})` : ''}
                  </dd>
                </>
              )}
              <dt>{t('booking.quote.total')}</dt>
              <dd>{row.free ? t('bookings.free') : money(row.total)}</dd>
              {row.card && (
                <>
                  <dt>{t('booking.confirmed.card')}</dt>
                  <dd>{t('bookings.card', { brand: formatCardBrand(row.card.brand), last4: row.card.last4 })}</dd>
                </>
              )}
              {row.refund && (
                <>
                  <dt>{t('adminBookings.refund')}</dt>
                  <dd>{money(row.refund)}</dd>
                </>
              )}
              {(row.receipts ?? []).length > 0 && (
                <>
                  <dt id="booking-receipts">{t('bookings.receipts.title')}</dt>
                  <dd>
                    <ReceiptLinks receipts={row.receipts} labelledBy="booking-receipts" />
                  </dd>
                </>
              )}
              {row.cancelled_by && (
                <>
                  <dt>{t('adminBookings.cancelledBy')}</dt>
                  <dd>{t(`adminBookings.roles.${row.cancelled_by}`, { defaultValue: row.cancelled_by })}</dd>
                </>
              )}
              {row.cancellation_reason && (
                <>
                  <dt>{t('adminBookings.cancellationReason')}</dt>
                  <dd style={{ whiteSpace: 'pre-wrap' }}>
                    {row.cancellation_reason === ERASED ? t('adminBookings.cancellationReasonErased') : row.cancellation_reason}
                  </dd>
                </>
              )}
            </dl>
            {adminCancellable(row, now) && (
              <div className={styles.actions}>
                <button type="button" className="btn btn-secondary" onClick={() => setCancelling(true)}>
                  {t('adminBookings.cancel')}
                </button>
              </div>
            )}
          </section>
          {cancelling && <CancelDialog area="admin-panel" row={row} zone={zone} onClose={() => setCancelling(false)} />}
          <section className="card" aria-labelledby="booking-history">
            <h2 id="booking-history">{t('adminBookings.history')}</h2>
            {(row.history ?? []).length === 0 ? (
              <p>{t('adminBookings.noHistory')}</p>
            ) : (
              <ol className={styles.timeline}>
                {(row.history ?? []).map((entry, index) => (
                  <li key={`${entry.at}-${index}`}>
                    <strong>{t(`adminBookings.events.${entry.type}`, { defaultValue: humanize(entry.type) })}</strong>
                    <br />
                    <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time> ·{' '}
                    {t('adminBookings.by', {
                      name: entry.actor_name || entry.actor_id || t('adminBookings.roles.system'),
                      role: t(`adminBookings.roles.${entry.actor_role ?? 'system'}`, { defaultValue: entry.actor_role ?? '' }),
                    })}
                  </li>
                ))}
              </ol>
            )}
          </section>
          <section className="card" aria-labelledby="booking-notes">
            <h2 id="booking-notes">{t('adminBookings.notes')}</h2>
            {(row.notes ?? []).length === 0 ? (
              <p>{t('notes.none')}</p>
            ) : (
              (row.notes ?? []).map((note) => (
                <article key={note.id} className={styles.row}>
                  <p className={styles.zone}>
                    <time dateTime={note.at}>{formatDateTime(note.at, language)}</time>
                  </p>
                  <p style={{ whiteSpace: 'pre-wrap' }}>{note.text === ERASED ? t('notes.erased') : note.text}</p>
                </article>
              ))
            )}
          </section>
        </>
      )}
    </div>
  );
}
