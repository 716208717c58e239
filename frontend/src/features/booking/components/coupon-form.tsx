import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import type { BookingQuote } from '../api/get-booking-quote';
import styles from './booking.module.css';
import { useMoney } from './use-money';

const COUPON_ERRORS = [
  'coupon_unknown',
  'coupon_disabled',
  'coupon_not_started',
  'coupon_expired',
  'coupon_used_up',
  'coupon_client_limit',
  'coupon_currency',
] as const;

type Props = {
  quote: BookingQuote;
  /** The code asked for ('' for none). */
  applied: string;
  checking: boolean;
  onApply: (code: string) => void;
};

/** A coupon code: applied to the quote (the discount), or refused with the translated reason. */
export function CouponForm({ quote, applied, checking, onApply }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const [draft, setDraft] = useState(applied);
  const id = useId();
  const result = applied && quote.coupon && quote.coupon.code.toUpperCase() === applied.toUpperCase() ? quote.coupon : null;
  const errorCode = result && !result.applied ? (result.error_code ?? 'coupon_unknown') : null;
  const known = (COUPON_ERRORS as readonly string[]).includes(errorCode ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft.trim());
  };
  return (
    <form onSubmit={submit}>
      <div className={styles.inline}>
        <div className={styles.couponField}>
          <label htmlFor={id}>{t('booking.coupon.label')}</label>
          <input
            id={id}
            className={styles.couponInput}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={errorCode ? true : undefined}
            aria-describedby={`${id}-result`}
          />
        </div>
        <button type="submit" className="btn btn-secondary" disabled={checking || !draft.trim()} aria-busy={checking || undefined}>
          {t('booking.coupon.apply')}
        </button>
        {applied && (
          <button
            type="button"
            className="btn-link"
            onClick={() => {
              setDraft('');
              onApply('');
            }}
          >
            {t('booking.coupon.remove')}
          </button>
        )}
      </div>
      <p id={`${id}-result`} role="status" aria-live="polite">
        {checking && applied ? t('booking.coupon.checking') : null}
        {!checking && result?.applied && t('booking.coupon.applied', { code: result.code, amount: money(quote.discount) })}
        {!checking && errorCode && (
          <span className={formStyles.error}>{known ? t(`booking.couponErrors.${errorCode}`) : t('booking.couponErrors.other')}</span>
        )}
      </p>
    </form>
  );
}
