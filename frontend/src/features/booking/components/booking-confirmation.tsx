import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTimeIn, zoneLabel } from '@/lib/zoned-time';
import { formatCardBrand } from '@/lib/format';
import type { Money } from '../api/types';
import styles from './booking.module.css';
import { useMoney } from './use-money';

type Props = {
  expertName: string;
  start: string;
  timezone: string;
  total: Money;
  card: { brand: string; last4: string } | null;
};

/** The booking is confirmed: when (in the client's zone), what was paid and with which card. */
export function BookingConfirmation({ expertName, start, timezone, total, card }: Props) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card" aria-labelledby="booking-confirmed">
      <h2 id="booking-confirmed" ref={heading} tabIndex={-1}>
        {t('booking.confirmed.title')}
      </h2>
      <p>{t('booking.confirmed.text', { name: expertName })}</p>
      <dl className={styles.facts}>
        <dt>{t('booking.quote.date')}</dt>
        <dd>{formatDateTimeIn(start, timezone, i18n.language)}</dd>
        <dt>{t('booking.quote.zone')}</dt>
        <dd>{zoneLabel(timezone, i18n.language)}</dd>
        <dt>{t('booking.quote.total')}</dt>
        <dd className={styles.total}>{money(total)}</dd>
        {card && (
          <>
            <dt>{t('booking.confirmed.card')}</dt>
            <dd>{t('booking.confirmed.cardText', { brand: formatCardBrand(card.brand), last4: card.last4 })}</dd>
          </>
        )}
      </dl>
      <Link className="btn" to={paths.client.myBooking.getHref()}>
        {t('booking.confirmed.myBookings')}
      </Link>
    </section>
  );
}
