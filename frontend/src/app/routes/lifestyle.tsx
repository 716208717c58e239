import { lazy } from 'react';
import { LifestylePage } from '@/features/shop/components/lifestyle-page';
import { loadBookingTexts } from '@/lib/i18n';

// The booking's card form (Formik, yup, the sandbox's fields or Stripe) and its texts load only when a
// purchase starts: the shop calls `preload` then and shows the purchase dialog once they are loaded.
const loadIntentPayment = () =>
  Promise.all([import('@/features/booking/components/intent-payment'), loadBookingTexts()]).then(([module]) => module);
const IntentPayment = Object.assign(
  lazy(() => loadIntentPayment().then((module) => ({ default: module.IntentPayment }))),
  { preload: loadIntentPayment },
);

/** spec §2 `/lifestyle-product`: the catalogue and the digital products, paid with the booking's card form. */
export function Component() {
  return <LifestylePage PaymentForm={IntentPayment} />;
}
