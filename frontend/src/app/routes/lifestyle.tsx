import { IntentPayment } from '@/features/booking/components/intent-payment';
import { LifestylePage } from '@/features/shop/components/lifestyle-page';

/** spec §2 `/lifestyle-product`: the catalogue and the digital products, paid with the booking's card form. */
export function Component() {
  return <LifestylePage PaymentForm={IntentPayment} />;
}
