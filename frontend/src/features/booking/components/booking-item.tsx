import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import { formatCardBrand, formatMinutes } from '@/lib/format';
import { useMarkNoShow, type PartyArea } from '../api/booking-actions';
import { resumePaymentHref } from '../api/booking-token';
import { holdLapsed, holdOpen, isUpcoming, roomOpen, type BookingRow } from '../api/types';
import styles from './booking.module.css';
import { HoldCountdown } from './hold-countdown';
import { ReceiptLinks } from './receipt-links';
import { BookingStatusBadge } from './status-badge';
import { useMoney } from './use-money';
import { useNow } from './use-now';
import { settle } from '@/lib/action-feedback';
import { clientName } from '@/lib/erased-name';

export type BookingDialog = { kind: 'cancel' | 'reschedule'; row: BookingRow };

type Props = {
  area: PartyArea;
  row: BookingRow;
  zone: string;
  onDialog: (dialog: BookingDialog) => void;
  headingLevel?: 3 | 4;
};

/** One booking of a party's list or dashboard: who, when (in `zone`), status, money, receipts, and what can be done now. */
export function BookingItem({ area, row, zone, onDialog, headingLevel = 3 }: Props) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const noShow = useMarkNoShow();
  const now = useNow();
  // Set by the countdown at 0, before the next tick of `now`.
  const [lapsedHere, setLapsedHere] = useState(false);
  const onLapsed = useCallback(() => setLapsedHere(true), []);
  const language = i18n.language;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const other = (area === 'client' ? row.consultant.name : clientName(row.client.name, t)) ?? t('bookings.unnamed');
  const upcoming = isUpcoming(row, now);
  const changeable = row.status === 'confirmed' && upcoming;
  // An unpaid hold the client can still pay (or cancel, which frees the slot at once).
  const payable = area === 'client' && holdOpen(row, now) && !lapsedHere;
  const lapsed = holdLapsed(row, now) || (row.status === 'held' && lapsedHere);
  const over = new Date(row.end).getTime() <= now;
  const roomHref = area === 'client' ? paths.client.room.getHref(row.id) : paths.consultant.room.getHref(row.id);
  return (
    <article className={styles.row} aria-label={t('bookings.itemLabel', { name: other, date: formatShortDateTimeIn(row.start, zone, language) })}>
      <Heading>{other}</Heading>
      <ul className={styles.meta}>
        <li>
          <time dateTime={row.start}>{formatShortDateTimeIn(row.start, zone, language)}</time>
        </li>
        <li>{formatMinutes(row.duration_minutes, language)}</li>
        <li>
          <BookingStatusBadge status={lapsed ? 'expired' : row.status} />
        </li>
        <li>{row.free ? t('bookings.free') : money(row.total)}</li>
        {row.card && <li>{t('bookings.card', { brand: formatCardBrand(row.card.brand), last4: row.card.last4 })}</li>}
        {row.refund && <li>{t('bookings.refunded', { amount: money(row.refund) })}</li>}
        {lapsed && area === 'client' && <li>{t('bookings.pay.lapsed')}</li>}
      </ul>
      <ReceiptLinks receipts={row.receipts} />
      {payable && row.hold_expires_at && <HoldCountdown until={row.hold_expires_at} onExpired={onLapsed} />}
      <div className={styles.actions}>
        {payable && (
          <>
            <Link className="btn btn-small" to={resumePaymentHref(row)}>
              {t('bookings.pay.action')}
            </Link>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => onDialog({ kind: 'cancel', row })}>
              {t('bookings.cancel.action')}
            </button>
          </>
        )}
        {roomOpen(row, now) && (
          <Link className="btn btn-small" to={roomHref}>
            {t('bookings.join')}
          </Link>
        )}
        {changeable && (
          <>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => onDialog({ kind: 'reschedule', row })}>
              {t('bookings.reschedule.action')}
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => onDialog({ kind: 'cancel', row })}>
              {t('bookings.cancel.action')}
            </button>
          </>
        )}
        {area === 'consultant' && row.status === 'confirmed' && over && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={noShow.isPending}
            aria-busy={noShow.isPending || undefined}
            onClick={() =>
              settle(noShow.mutateAsync({ id: row.id }), {
                onSuccess: () => toast.success(t('bookings.noShow.done', { name: other })),
              })
            }
          >
            {t('bookings.noShow.action')}
          </button>
        )}
        {area === 'consultant' && (
          <Link className="btn btn-secondary btn-small" to={paths.consultant.addNote.getHref(row.id, row.client.id)}>
            {t('bookings.addNote')}
          </Link>
        )}
      </div>
    </article>
  );
}
