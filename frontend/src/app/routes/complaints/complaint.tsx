import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { useArea } from '@/components/layouts/area-context';
import { PartyComplaintPage } from '@/features/complaints/components/party-complaint-page';

/** A party's complaint page (`/{client|consultant}/complaint/:id`). */
export function Component() {
  const { role } = useArea();
  const { id } = useParams();
  if (role === 'admin' || !id) return <NotFoundPage />;
  return <PartyComplaintPage key={`${role}-${id}`} area={role} id={id} />;
}
