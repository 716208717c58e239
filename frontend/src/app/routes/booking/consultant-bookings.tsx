import { MyBookingsPage } from '@/features/booking/components/my-bookings-page';

/** spec §2 consultant `my-booking`. */
export function Component() {
  return <MyBookingsPage area="consultant" />;
}
