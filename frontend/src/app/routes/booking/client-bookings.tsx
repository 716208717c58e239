import { useUsageEvent } from '@/features/consent/api/send-usage-event';
import { MyBookingsPage } from '@/features/booking/components/my-bookings-page';

/** spec §2 client `my-booking`. */
export function Component() {
  useUsageEvent('client', 'bookings');
  return <MyBookingsPage area="client" />;
}
