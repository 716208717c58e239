import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { ClientProfilePage } from '@/features/admin-clients/components/client-profile-page';

/** spec §2 admin `client/client-profile/{id}`. */
export function Component() {
  const { id } = useParams();
  return id ? <ClientProfilePage key={id} id={id} /> : <NotFoundPage />;
}
