import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { HistoryTimeline } from '@/features/audit/components/history-timeline';
import { AdminComplaintPage } from '@/features/complaints/components/admin-complaint-page';

/** spec §2 admin `edit-complaint/{id}`, its audit trail below (refreshed after each step). */
export function Component() {
  const { id } = useParams();
  if (!id) return <NotFoundPage />;
  return (
    <AdminComplaintPage
      key={id}
      id={id}
      history={(detail) => <HistoryTimeline kind="complaint" id={id} version={detail.updated_at} />}
    />
  );
}
