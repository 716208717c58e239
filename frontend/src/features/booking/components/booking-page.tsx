import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageTitle } from '@/components/layouts/page-title';
import { SiteDisclaimer } from '@/components/ui/site-disclaimer';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { rememberBookingReturn } from '@/lib/redirect-url';
import { formatMinutes } from '@/lib/format';
import { errorText } from '@/lib/toast';
import { formatDateTimeIn, zoneLabel } from '@/lib/zoned-time';
import { parseBookingToken } from '../api/booking-token';
import { useCreateBooking } from '../api/create-booking';
import { useBookingQuote, type BookingQuote } from '../api/get-booking-quote';
import { useLegalStanding } from '../api/legal-acceptance';
import { useOwnBookingOfSlot } from '../api/get-own-booking';
import { holdOpen, type BookingRow, type Money } from '../api/types';
import { BookingConfirmation } from './booking-confirmation';
import styles from './booking.module.css';
import { CouponForm } from './coupon-form';
import { HoldCountdown } from './hold-countdown';
import { LegalAcceptancePanel } from './legal-acceptance-panel';
import { PaymentStep } from './payment-step';
import { useMoney } from './use-money';
import { useNow } from './use-now';

type Amounts = Pick<BookingQuote, 'price' | 'discount' | 'total'>;

/** A held booking being paid: just held here, or resumed (`amounts`: what was held, coupon included). */
type Hold = { id: string; total: Money; expiresAt: string | null; amounts?: Amounts; resumed?: boolean };

type Step =
  | { kind: 'quote' }
  | { kind: 'pay'; hold: Hold }
  | { kind: 'done'; total: Money; card: BookingRow['card']; start: string }
  | { kind: 'expired' };

/**
 * Where the client's own booking of the slot takes the page: its payment while the hold is
 * open, the lapse once it is over, the confirmation when it is already paid; else the quote.
 */
const resumeStep = (row: BookingRow, now: number): Step | null => {
  if (holdOpen(row, now)) {
    return { kind: 'pay', hold: { id: row.id, total: row.total, expiresAt: row.hold_expires_at, amounts: row, resumed: true } };
  }
  if (row.status === 'held' || row.status === 'expired') return { kind: 'expired' };
  if (row.status === 'confirmed') return { kind: 'done', total: row.total, card: row.card, start: row.start };
  return null;
};

const PHOTO = 72;

const fullName = (quote: BookingQuote) => `${quote.consultant.given_name} ${quote.consultant.family_name}`;

/** The free first consultation: the whole price off, nothing to pay (the booking is sent with `free`). */
const freeAmounts = (quote: BookingQuote): Amounts => ({
  price: quote.price,
  discount: quote.price,
  total: { ...quote.price, amount_minor: 0 },
});

function QuoteFacts({ quote, amounts = quote, free = false }: { quote: BookingQuote; amounts?: Amounts; free?: boolean }) {
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
        <dd>{money(amounts.price)}</dd>
        {amounts.discount.amount_minor > 0 && (
          <>
            <dt>{free ? t('booking.quote.freeFirst') : t('booking.quote.discount')}</dt>
            <dd>−{money(amounts.discount)}</dd>
          </>
        )}
        <dt>{t('booking.quote.total')}</dt>
        <dd className={styles.total} data-testid="quote-total">
          {money(amounts.total)}
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
 * consent-form refusal, then hold → card (to the payment provider, never to our API) → confirmation.
 * While the client has not accepted the terms and privacy versions in force, the acceptance panel
 * stands in place of the booking button (also after a refusal `terms_not_accepted`: a version
 * published while the page was open). The health disclaimer closes the page.
 * When the client already holds this slot (`?booking={id}` from "my bookings", or found
 * among their held bookings), the page resumes that hold's payment instead of holding again.
 */
export function BookingPage({ token, bookingId = null }: { token: string; bookingId?: string | null }) {
  const parsed = parseBookingToken(token);
  if (!parsed) return <NotFoundPage />;
  return <Booking consultantId={parsed.consultantId} start={parsed.start} bookingId={bookingId} />;
}

/** What the consent form page passes back with its navigation here (the client saved the form). */
type ReturnState = { consentSaved?: boolean } | null;

function Booking({ consultantId, start, bookingId }: { consultantId: string; start: string; bookingId: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const consentSaved = (location.state as ReturnState)?.consentSaved === true;
  const [coupon, setCoupon] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'quote' });
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  // Own bookings of the slot no longer to resume (their hold lapsed here).
  const [dismissed, setDismissed] = useState<string[]>([]);
  const quote = useBookingQuote({ consultantId, start, coupon });
  const own = useOwnBookingOfSlot({ consultantId, start, bookingId });
  const create = useCreateBooking();
  const standing = useLegalStanding();
  const now = useNow();
  const ownId = own.row?.id ?? null;
  const dismissOwn = useCallback(() => {
    if (ownId) setDismissed((ids) => (ids.includes(ownId) ? ids : [...ids, ownId]));
  }, [ownId]);
  const onExpired = useCallback(() => {
    dismissOwn();
    setStep({ kind: 'expired' });
  }, [dismissOwn]);
  const resumed = step.kind === 'quote' && own.row && !dismissed.includes(own.row.id) ? resumeStep(own.row, now) : null;
  const current = resumed ?? step;
  // Back from the consent form, the quote cached before it is stale (it said the form was missing).
  const data = !consentSaved || quote.isFetchedAfterMount ? quote.data : undefined;
  // Whether the client already holds the slot, and has accepted the terms in force, is known before offering to book it.
  const ready = Boolean(data) && !(current.kind === 'quote' && (own.pending || standing.isPending));
  // An unreadable standing lets the client try: the booking itself is refused if terms wait.
  const mustAccept = standing.data?.up_to_date === false;
  // Once the panel has shown, its acceptance is confirmed and the booking button takes the focus.
  const [asked, setAsked] = useState<'no' | 'page' | 'refusal'>('no');
  if (mustAccept && asked === 'no') setAsked('page');
  const accepted = asked !== 'no' && standing.data?.up_to_date === true;
  const bookButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (accepted) bookButton.current?.focus();
  }, [accepted]);

  const consentMissing = Boolean(data && !data.consent_form_uploaded && data.slot_free);
  // Saving the consent form brings the client back here, to this slot.
  useEffect(() => {
    if (consentMissing) rememberBookingReturn(here);
  }, [consentMissing, here]);

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
              : {
                  kind: 'pay',
                  hold: { id: booking.booking_id, total: booking.total, expiresAt: booking.hold_expires_at },
                },
          ),
        onError: (error) => {
          // A version came into force while the page was open: the panel asks for it.
          if (isApiError(error) && error.code === 'terms_not_accepted') {
            setAsked('refusal');
            void standing.refetch();
            return;
          }
          setRefusal({
            code: isApiError(error) ? error.code : 'error',
            message: errorText(error, t('errors.network')),
          });
        },
      },
    );
  };

  const slotTaken = refusal?.code === 'slot_taken' || (data && !data.slot_free && current.kind === 'quote');
  const slotMessage =
    refusal?.code === 'slot_taken'
      ? t('booking.slotTaken')
      : consentSaved
        ? t(data?.error_code === 'slot_taken' ? 'booking.back.slotTaken' : 'booking.back.slotGone')
        : t('booking.slotGone');
  const free = Boolean(data?.free_first_eligible) && current.kind === 'quote';

  return (
    <div className={`container ${styles.page}`}>
      <PageTitle>{t('booking.title')}</PageTitle>
      {!ready && (
        <div className="card">
          {!data && quote.isError ? (
            <p role="alert">{errorText(quote.error, t('errors.network'))}</p>
          ) : (
            <p role="status">{t('common.loading')}</p>
          )}
        </div>
      )}
      {ready && data && current.kind === 'done' && (
        <BookingConfirmation
          expertName={fullName(data)}
          start={current.start}
          timezone={data.timezone}
          total={current.total}
          card={current.card}
        />
      )}
      {ready && data && current.kind !== 'done' && (
        <section className="card" aria-labelledby="booking-summary">
          <h2 id="booking-summary">{t('booking.quote.title')}</h2>
          {consentSaved && !slotTaken && data.consent_form_uploaded && (
            <p className={styles.notice} role="status">
              {t('booking.back.ready')}
            </p>
          )}
          {/* The offer comes before any amount, so no price is read as what the client will pay. */}
          {free && <p className={styles.notice}>{t('booking.freeFirst')}</p>}
          <QuoteFacts
            quote={data}
            amounts={current.kind === 'pay' ? current.hold.amounts : free ? freeAmounts(data) : undefined}
            free={free}
          />

          {slotTaken ? (
            <div className={styles.refusal} role="alert">
              <p>{slotMessage}</p>
              <BackToSlots consultantId={consultantId} />
            </div>
          ) : !data.consent_form_uploaded ? (
            <div className={styles.refusal} role="alert">
              <p>{t('booking.consentMissing')}</p>
              <p>{t('booking.consentReturn')}</p>
              <Link className="btn" to={paths.client.consentFormDoc.getHref()}>
                {t('booking.consentLink')}
              </Link>
            </div>
          ) : current.kind === 'pay' ? (
            current.hold.resumed && <p className={styles.notice}>{t('booking.resume.notice')}</p>
          ) : current.kind === 'quote' ? (
            <>
              {!data.free_first_eligible && (
                <CouponForm quote={data} applied={coupon} checking={quote.isFetching} onApply={setCoupon} />
              )}
              {refusal && (
                <p role="alert" className={styles.refusal}>
                  {refusal.message}
                  {/* Issue 14: the client asked for their account's erasure; cancelling it is on « Mes données ». */}
                  {refusal.code === 'erasure_pending' && (
                    <>
                      {' '}
                      <Link to={paths.client.myData.getHref()}>{t('booking.erasurePending')}</Link>
                    </>
                  )}
                </p>
              )}
              {mustAccept && standing.data ? (
                <LegalAcceptancePanel standing={standing.data} focusOnShow={asked === 'refusal'} />
              ) : (
                <>
                  {accepted && (
                    <p role="status" className={styles.notice}>
                      {t('booking.legal.accepted')}
                    </p>
                  )}
                  <button
                    ref={bookButton}
                    type="button"
                    className="btn"
                    onClick={book}
                    disabled={create.isPending || quote.isFetching}
                    aria-busy={create.isPending || undefined}
                  >
                    {data.free_first_eligible ? t('booking.bookFree') : t('booking.bookNow')}
                  </button>
                </>
              )}
            </>
          ) : current.kind === 'expired' ? (
            <div className={styles.refusal} role="alert">
              <p>{t('booking.hold.expired')}</p>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  dismissOwn();
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
      {ready && data && current.kind === 'pay' && (
        <section className="card" aria-label={t('booking.card.title')}>
          {current.hold.expiresAt && <HoldCountdown until={current.hold.expiresAt} onExpired={onExpired} />}
          <PaymentStep
            key={current.hold.id}
            bookingId={current.hold.id}
            total={current.hold.total}
            onHoldExpired={onExpired}
            onPaid={(row) =>
              setStep({
                kind: 'done',
                total: row.total ?? current.hold.total,
                card: row.card ?? null,
                start: row.start ?? data.start,
              })
            }
          />
        </section>
      )}
      <SiteDisclaimer className={styles.disclaimer} />
    </div>
  );
}
