import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { formatMinutes } from '@/lib/format';
import { errorText } from '@/lib/toast';
import { formatDateTimeIn, zoneLabel } from '@/lib/zoned-time';
import { parseBookingToken } from '../api/booking-token';
import { useCreateBooking, type CreatedBooking } from '../api/create-booking';
import { useBookingQuote, type BookingQuote } from '../api/get-booking-quote';
import type { BookingRow, Money } from '../api/types';
import { BookingConfirmation } from './booking-confirmation';
import styles from './booking.module.css';
import { CardForm } from './card-form';
import { CouponForm } from './coupon-form';
import { HoldCountdown } from './hold-countdown';
import { useMoney } from './use-money';

type Step =
  | { kind: 'quote' }
  | { kind: 'pay'; booking: CreatedBooking }
  | { kind: 'done'; total: Money; card: BookingRow['card']; start: string }
  | { kind: 'expired' };

const PHOTO = 72;

const fullName = (quote: BookingQuote) => `${quote.consultant.given_name} ${quote.consultant.family_name}`;

function QuoteFacts({ quote }: { quote: BookingQuote }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const language = i18n.language;
  return (
    <>
      <div className={styles.expert}>
        {quote.consultant.photo_url && (
          <img src={quote.consultant.photo_url} width={PHOTO} height={PHOTO} alt="" />
        )}
        <p>
          <strong>{fullName(quote)}</strong>
        </p>
      </div>
      <dl className={styles.facts}>
        <dt>{t('booking.quote.date')}</dt>
        <dd>{formatDateTimeIn(quote.start, quote.timezone, language)}</dd>
        <dt>{t('booking.quote.zone')}</dt>
        <dd>{zoneLabel(quote.timezone, language)}</dd>
        <dt>{t('booking.quote.duration')}</dt>
        <dd>{formatMinutes(quote.duration_minutes, language)}</dd>
        <dt>{t('booking.quote.price')}</dt>
        <dd>{money(quote.price)}</dd>
        {quote.discount.amount_minor > 0 && (
          <>
            <dt>{t('booking.quote.discount')}</dt>
            <dd>−{money(quote.discount)}</dd>
          </>
        )}
        <dt>{t('booking.quote.total')}</dt>
        <dd className={styles.total} data-testid="quote-total">
          {money(quote.total)}
        </dd>
      </dl>
    </>
  );
}

/** Back to the expert's slot picker. */
function BackToSlots({ consultantId }: { consultantId: string }) {
  const { t } = useTranslation();
  return (
    <Link className="btn btn-secondary" to={`${paths.expertDetails.getHref(consultantId)}#slots`}>
      {t('booking.otherSlot')}
    </Link>
  );
}

/**
 * spec §2 `/booking/:token` (client guard): the quote (expert, date and time in the
 * client's zone, duration, price, coupon), the free-first offer (Book Free) or the
 * consent-form refusal, then hold → card → confirmation.
 */
export function BookingPage({ token }: { token: string }) {
  const parsed = parseBookingToken(token);
  if (!parsed) return <NotFoundPage />;
  return <Booking consultantId={parsed.consultantId} start={parsed.start} />;
}

function Booking({ consultantId, start }: { consultantId: string; start: string }) {
  const { t } = useTranslation();
  const [coupon, setCoupon] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'quote' });
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  const quote = useBookingQuote({ consultantId, start, coupon });
  const create = useCreateBooking();
  const onExpired = useCallback(() => setStep({ kind: 'expired' }), []);
  const data = quote.data;

  if (quote.isError && !data) {
    if (isApiError(quote.error) && quote.error.status === 404) return <NotFoundPage />;
  }

  const book = () => {
    if (!data) return;
    setRefusal(null);
    const free = data.free_first_eligible;
    create.mutate(
      {
        consultant_id: consultantId,
        start,
        ...(free ? { free: true } : {}),
        ...(!free && data.coupon?.applied ? { coupon_code: data.coupon.code } : {}),
      },
      {
        onSuccess: (booking) =>
          setStep(
            booking.status === 'confirmed'
              ? { kind: 'done', total: booking.total, card: null, start: data.start }
              : { kind: 'pay', booking },
          ),
        onError: (error) =>
          setRefusal({
            code: isApiError(error) ? error.code : 'error',
            message: errorText(error, t('errors.network')),
          }),
      },
    );
  };

  const slotTaken = refusal?.code === 'slot_taken' || (data && !data.slot_free && step.kind === 'quote');

  return (
    <div className={`container ${styles.page}`}>
      <PageTitle>{t('booking.title')}</PageTitle>
      {!data && (
        <div className="card">
          {quote.isError ? (
            <p role="alert">{errorText(quote.error, t('errors.network'))}</p>
          ) : (
            <p role="status">{t('common.loading')}</p>
          )}
        </div>
      )}
      {data && step.kind === 'done' && (
        <BookingConfirmation
          expertName={fullName(data)}
          start={step.start}
          timezone={data.timezone}
          total={step.total}
          card={step.card}
        />
      )}
      {data && step.kind !== 'done' && (
        <section className="card" aria-labelledby="booking-summary">
          <h2 id="booking-summary">{t('booking.quote.title')}</h2>
          <QuoteFacts quote={data} />

          {slotTaken ? (
            <div className={styles.refusal} role="alert">
              <p>{refusal?.code === 'slot_taken' ? t('booking.slotTaken') : t('booking.slotGone')}</p>
              <BackToSlots consultantId={consultantId} />
            </div>
          ) : !data.consent_form_uploaded ? (
            <div className={styles.refusal} role="alert">
              <p>{t('booking.consentMissing')}</p>
              <Link to={paths.client.consentFormDoc.getHref()}>{t('booking.consentLink')}</Link>
            </div>
          ) : step.kind === 'quote' ? (
            <>
              {data.free_first_eligible ? (
                <p className={styles.notice}>{t('booking.freeFirst')}</p>
              ) : (
                <CouponForm quote={data} applied={coupon} checking={quote.isFetching} onApply={setCoupon} />
              )}
              {refusal && (
                <p role="alert" className={styles.refusal}>
                  {refusal.message}
                </p>
              )}
              <button type="button" className="btn" onClick={book} disabled={create.isPending || quote.isFetching}>
                {data.free_first_eligible ? t('booking.bookFree') : t('booking.bookNow')}
              </button>
            </>
          ) : step.kind === 'expired' ? (
            <div className={styles.refusal} role="alert">
              <p>{t('booking.hold.expired')}</p>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setStep({ kind: 'quote' });
                  void quote.refetch();
                }}
              >
                {t('booking.hold.again')}
              </button>
            </div>
          ) : null}
        </section>
      )}
      {data && step.kind === 'pay' && (
        <section className="card" aria-label={t('booking.card.title')}>
          {step.booking.hold_expires_at && <HoldCountdown until={step.booking.hold_expires_at} onExpired={onExpired} />}
          <CardForm
            bookingId={step.booking.booking_id}
            total={step.booking.total}
            onHoldExpired={onExpired}
            onPaid={(row) =>
              setStep({
                kind: 'done',
                total: row.total ?? step.booking.total,
                card: row.card ?? null,
                start: row.start ?? data.start,
              })
            }
          />
        </section>
      )}
    </div>
  );
}
