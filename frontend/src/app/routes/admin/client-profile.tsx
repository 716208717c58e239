import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { ClientProfilePage } from '@/features/admin-clients/components/client-profile-page';
import { AdminClientFile } from '@/features/client-file/components/admin-client-file';

/** spec §2 admin `client/client-profile/{id}`: the account, then the client's file (consent form, health answers). */
export function Component() {
  const { id } = useParams();
  return id ? (
    <div className="stack">
      <ClientProfilePage key={id} id={id} />
      <AdminClientFile key={`file-${id}`} id={id} />
    </div>
  ) : (
    <NotFoundPage />
  );
}
