import { NotFoundPage } from '@/components/errors/not-found-page';
import { useArea } from '@/components/layouts/area-context';
import { PartyComplaintsPage } from '@/features/complaints/components/party-complaints-page';

/** spec §2 client and consultant `view-complaint-against`. */
export function Component() {
  const { role } = useArea();
  if (role === 'admin') return <NotFoundPage />;
  return <PartyComplaintsPage key={`${role}-against`} area={role} scope="against_me" />;
}
