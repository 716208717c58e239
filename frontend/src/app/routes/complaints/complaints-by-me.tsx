import { NotFoundPage } from '@/components/errors/not-found-page';
import { useArea } from '@/components/layouts/area-context';
import { useUsageEvent } from '@/features/consent/api/send-usage-event';
import { PartyComplaintsPage } from '@/features/complaints/components/party-complaints-page';

/** spec §2 client and consultant `view-complaint-by-me`. */
export function Component() {
  const { role } = useArea();
  useUsageEvent(role, 'complaints_by_me');
  if (role === 'admin') return <NotFoundPage />;
  return <PartyComplaintsPage key={`${role}-by-me`} area={role} scope="by_me" />;
}
