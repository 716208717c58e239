import { MyBookingsPage } from '@/features/booking/components/my-bookings-page';

/** spec §2 client `my-booking`. */
export function Component() {
  return <MyBookingsPage area="client" />;
}
