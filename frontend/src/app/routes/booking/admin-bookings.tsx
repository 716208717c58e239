import { AdminBookingsPage } from '@/features/booking/components/admin-bookings-page';

/** spec §2 admin `all-booking`. */
export function Component() {
  return <AdminBookingsPage />;
}
