import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { AdminBookingDetail } from '@/features/booking/components/admin-booking-detail';

/** Admin booking detail with its event history (`/admin/all-booking/:id`). */
export function Component() {
  const { id } = useParams();
  if (!id) return <NotFoundPage />;
  return <AdminBookingDetail key={id} id={id} />;
}
