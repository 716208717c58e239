import { useParams } from 'react-router';
import { AddNotePage } from '@/features/booking/components/add-note-page';

/** spec §2 consultant `my-booking/add-note/{sessionId?}/{clientId?}`. */
export function Component() {
  const { sessionId, clientId } = useParams();
  return <AddNotePage key={`${sessionId}-${clientId}`} sessionId={sessionId} clientId={clientId} />;
}
