import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { AccountLinks } from '@/features/audit/components/account-links';
import { HistoryTimeline } from '@/features/audit/components/history-timeline';
import { useClient } from '@/features/admin-clients/api/get-client';
import { ClientProfilePage } from '@/features/admin-clients/components/client-profile-page';
import { AdminClientFile } from '@/features/client-file/components/admin-client-file';

/**
 * spec §2 admin `client/client-profile/{id}`: the account, then the client's file (consent form, health
 * answers), the links to its bookings and complaints, then the client's audit trail, which follows the account
 * (refetched with it, e.g. after a deactivation).
 */
export function Component() {
  const { id = '' } = useParams();
  const client = useClient(id);
  if (!id) return <NotFoundPage />;
  const profile = client.data?.profile ?? {};
  const name =
    [profile.given_name, profile.family_name].filter((part) => typeof part === 'string' && part !== '').join(' ') ||
    (client.data?.email ?? id);
  return (
    <div className="stack">
      <ClientProfilePage key={id} id={id} />
      <AdminClientFile key={`file-${id}`} id={id} />
      {client.data && <AccountLinks role="client" id={id} name={name} />}
      {client.data && <HistoryTimeline key={`trail-${id}`} kind="client" id={id} version={String(client.dataUpdatedAt)} />}
    </div>
  );
}
