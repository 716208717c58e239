import { NotFoundPage } from '@/components/errors/not-found-page';
import { useArea } from '@/components/layouts/area-context';
import { useUsageEvent } from '@/features/consent/api/send-usage-event';
import { PartyComplaintsPage } from '@/features/complaints/components/party-complaints-page';

/** spec §2 client and consultant `view-complaint-against`. */
export function Component() {
  const { role } = useArea();
  useUsageEvent(role, 'complaints_against_me');
  if (role === 'admin') return <NotFoundPage />;
  return <PartyComplaintsPage key={`${role}-against`} area={role} scope="against_me" />;
}
