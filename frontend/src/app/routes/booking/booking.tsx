import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { BookingPage } from '@/features/booking/components/booking-page';

/** spec §2 `/booking/:token` (client guard). */
export function Component() {
  const { token } = useParams();
  if (!token) return <NotFoundPage />;
  return <BookingPage key={token} token={token} />;
}
