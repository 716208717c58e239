import type { Money, PaymentIntent } from '../api/types';
import { CardForm } from './card-form';
import { LazyStripePayment } from './lazy-stripe-payment';

export type IntentPaymentProps = {
  intent: PaymentIntent;
  total: Money;
  /** The purchase's last step once the provider has the card: the text to show, or null when paid. */
  finish: (intentId: string) => Promise<string | null>;
};

const noop = () => undefined;

/**
 * The booking page's card form for another purchase (a digital product, issue 13): Stripe's element
 * (`stripe`, lazily loaded) or the sandbox's test form, from a `PaymentStart`; `finish` does the
 * purchase's own `…/pay`. Its texts are the booking ones (`loadBookingTexts`).
 */
export function IntentPayment({ intent, total, finish }: IntentPaymentProps) {
  const props = { bookingId: '', intent, total, onPaid: noop, onHoldExpired: noop, finishWith: finish };
  return intent.provider === 'stripe' ? <LazyStripePayment {...props} /> : <CardForm {...props} />;
}
