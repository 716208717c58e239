import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { sessionQueryOptions, type Session } from '@/lib/auth';
import type { PrivacyRole } from './types';

/**
 * After a request or a cancellation: the session's `erasure_due_at` (the area's banner and the « Mes données »
 * page read it) takes the answer at once, then the session is read again from the server.
 */
export const followErasure = async (queryClient: QueryClient, role: PrivacyRole, due?: string | null) => {
  const { queryKey } = sessionQueryOptions(role);
  if (due !== undefined) {
    queryClient.setQueryData<Session | null>(queryKey, (session) => (session ? { ...session, erasure_due_at: due } : session));
  }
  await queryClient.invalidateQueries({ queryKey });
};

/** A 409 (`erasure_already_requested`, `erasure_not_requested`): another tab or device changed it; read it again. */
export const followConflict = async (queryClient: QueryClient, role: PrivacyRole, error: unknown) => {
  if (isApiError(error) && error.status === 409) await followErasure(queryClient, role);
};
