import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { AccountLinks } from '@/features/audit/components/account-links';
import { HistoryTimeline } from '@/features/audit/components/history-timeline';
import { useConsultant } from '@/features/admin-consultants/api/get-consultant';
import { ConsultantProfilePage } from '@/features/admin-consultants/components/consultant-profile-page';

/**
 * spec §2 admin `consultant/consultant-profile/{id}`, the links to its bookings and complaints, then the
 * consultant's audit trail, which follows the profile: refetched whenever the profile is (after an action).
 */
export function Component() {
  const { id = '' } = useParams();
  const consultant = useConsultant(id);
  if (!id) return <NotFoundPage />;
  const basic = consultant.data?.basic_profile;
  const name = basic ? `${basic.given_name} ${basic.family_name}` : (consultant.data?.account?.email ?? id);
  return (
    <div className="stack">
      <ConsultantProfilePage key={id} id={id} />
      {consultant.data && <AccountLinks role="consultant" id={id} name={name} />}
      {consultant.data && (
        <HistoryTimeline key={`trail-${id}`} kind="consultant" id={id} version={String(consultant.dataUpdatedAt)} />
      )}
    </div>
  );
}
