import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/lib/auth';
import { usePersistedState } from '@/lib/persisted-state';

/** Whether a client is signed in (asked only when this browser signed in as a client once). */
export const useClientSignedIn = () => {
  const known = usePersistedState((s) => s.auth.client.status);
  const session = useQuery({ ...sessionQueryOptions('client'), enabled: known });
  return known && Boolean(session.data);
};
