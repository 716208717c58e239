import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { StripePaymentProps } from './stripe-payment';

// Stripe.js and its React bindings stay out of every first load: only a Stripe payment step asks for them.
const StripePayment = lazy(() => import('./stripe-payment').then((module) => ({ default: module.StripePayment })));

/** The Stripe payment step, loaded when first shown. */
export function LazyStripePayment(props: StripePaymentProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p role="status">{t('booking.payment.loadingForm')}</p>}>
      <StripePayment {...props} />
    </Suspense>
  );
}
