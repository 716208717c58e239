import { useSearchParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { useArea } from '@/components/layouts/area-context';
import { FileComplaintPage } from '@/features/complaints/components/file-complaint-page';

/** spec §2 client and consultant `add-complaint`; `?booking={id}` preselects one of the caller's bookings. */
export function Component() {
  const { role } = useArea();
  const [search] = useSearchParams();
  if (role === 'admin') return <NotFoundPage />;
  return <FileComplaintPage key={role} area={role} bookingId={search.get('booking') ?? undefined} />;
}
