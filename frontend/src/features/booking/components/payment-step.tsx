import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
import { usePaymentIntent } from '../api/start-payment';
import type { Money } from '../api/types';
import { CardForm } from './card-form';
import { LazyStripePayment } from './lazy-stripe-payment';
import type { PaymentOutcome } from './use-finish-payment';

type Props = PaymentOutcome & { bookingId: string; total: Money };

/**
 * The card step of a held booking: the server creates (or gives back) the booking's payment
 * intent, then the card goes to the provider, never to our API: Stripe's own element
 * (`stripe`, loaded on this step only) or the sandbox's test form; then the booking is paid with
 * the intent. A lapsed hold goes back to the page (`onHoldExpired`).
 */
export function PaymentStep({ bookingId, total, onPaid, onHoldExpired }: Props) {
  const { t } = useTranslation();
  const intent = usePaymentIntent(bookingId);
  const lapsed = intent.isError && isApiError(intent.error) && intent.error.code === 'hold_expired';

  useEffect(() => {
    if (lapsed) onHoldExpired();
  }, [lapsed, onHoldExpired]);

  if (intent.data) {
    const props = { bookingId, intent: intent.data, total, onPaid, onHoldExpired };
    return intent.data.provider === 'stripe' ? <LazyStripePayment {...props} /> : <CardForm {...props} />;
  }
  if (intent.isError && !lapsed) {
    // `booking_not_payable` (already paid or cancelled) cannot change here; `payment_unavailable` may.
    const retry = !(isApiError(intent.error) && intent.error.code === 'booking_not_payable');
    return (
      <div>
        <h2 id="card-form-title">{t('booking.card.title')}</h2>
        <div role="alert">
          <p className={formStyles.error}>{errorText(intent.error, t('errors.network'))}</p>
        </div>
        {retry && (
          <button type="button" className="btn btn-secondary" disabled={intent.isFetching} onClick={() => void intent.refetch()}>
            {t('booking.payment.retry')}
          </button>
        )}
      </div>
    );
  }
  return <p role="status">{t('booking.payment.preparing')}</p>;
}
