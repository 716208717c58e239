import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { HistoryTimeline } from '@/features/audit/components/history-timeline';
import { useBooking } from '@/features/booking/api/get-booking';
import { AdminBookingDetail } from '@/features/booking/components/admin-booking-detail';

/**
 * Admin booking detail with its event history (`/admin/all-booking/:id`), then its audit trail, which
 * follows the booking: refetched whenever the detail is (after a cancellation).
 */
export function Component() {
  const { id = '' } = useParams();
  const booking = useBooking('admin-panel', id);
  if (!id) return <NotFoundPage />;
  return (
    <div className="stack">
      <AdminBookingDetail key={id} id={id} />
      {booking.data && <HistoryTimeline key={`trail-${id}`} kind="booking" id={id} version={String(booking.dataUpdatedAt)} />}
    </div>
  );
}
