import { useUsageEvent } from '@/features/consent/api/send-usage-event';
import { MyBookingsPage } from '@/features/booking/components/my-bookings-page';

/** spec §2 consultant `my-booking`. */
export function Component() {
  useUsageEvent('consultant', 'bookings');
  return <MyBookingsPage area="consultant" />;
}
