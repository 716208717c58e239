import { useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { BookingPage } from '@/features/booking/components/booking-page';

/** spec §2 `/booking/:token` (client guard); `?booking={id}` resumes the payment of that held booking. */
export function Component() {
  const { token } = useParams();
  const [search] = useSearchParams();
  if (!token) return <NotFoundPage />;
  const bookingId = search.get('booking') || null;
  return <BookingPage key={`${token}?${bookingId ?? ''}`} token={token} bookingId={bookingId} />;
}
