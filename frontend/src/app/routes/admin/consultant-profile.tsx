import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { ConsultantProfilePage } from '@/features/admin-consultants/components/consultant-profile-page';

/** spec §2 admin `consultant/consultant-profile/{id}`. */
export function Component() {
  const { id } = useParams();
  return id ? <ConsultantProfilePage key={id} id={id} /> : <NotFoundPage />;
}
