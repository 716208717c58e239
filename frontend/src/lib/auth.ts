import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API_AREA, type Role } from '@/config/roles';
import { api } from './api-client';
import { isApiError } from './api-error';
import { getPersistedState, setRoleStatus } from './persisted-state';

/** The session's second factor (docs/api.md "Second factor"). */
export type SecondFactorStatus = {
  enabled: boolean;
  /** Mandatory for this account (administrators): it cannot be turned off. */
  required: boolean;
  recovery_codes_left: number;
};

/** `GET /api/{area}/session` answer (docs/api.md). */
export type Session = {
  role: string;
  account_id: string;
  given_name: string;
  family_name: string;
  email: string;
  language: string;
  /** The account's IANA zone (sign-up), null when it has none (an administrator). */
  timezone?: string | null;
  second_factor?: SecondFactorStatus;
  /**
   * When the account's erasure runs (RFC 3339), null when none is pending (issue 14, clients and
   * consultants; the account holder asked for it and may cancel it until then).
   */
  erasure_due_at?: string | null;
};

/**
 * `POST /api/{area}/sign-in` 202 answer: the password was right, a second factor must
 * follow (`code`), or be set up first (`enrol`). No session cookie yet.
 */
export type SignInChallenge = {
  second_factor: 'code' | 'enrol';
  challenge: string;
  expires_in_seconds: number;
};

export const isSignInChallenge = (body: unknown): body is SignInChallenge =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as SignInChallenge).challenge === 'string' &&
  ((body as SignInChallenge).second_factor === 'code' || (body as SignInChallenge).second_factor === 'enrol');

/** What the sign-in form gives its second step (the second-factor feature renders it). */
export type SecondFactorStepProps = {
  role: Role;
  challenge: SignInChallenge;
  /** The second factor was accepted (and new recovery codes, if any, were seen): finish signing in. */
  onSignedIn: (session: Session) => Promise<void> | void;
  /** The challenge is no longer valid (or the person went back): the password step again, with `message` if any. */
  onRestart: (message?: string) => void;
};

/** The session of `role`, or null when not signed in (401). */
export const getSession = async (role: Role, signal?: AbortSignal): Promise<Session | null> => {
  try {
    return await api.get<Session>(`/api/${API_AREA[role]}/session`, { signal });
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.code === 'not_signed_in')) return null;
    throw error;
  }
};

export const sessionQueryOptions = (role: Role) =>
  queryOptions({
    queryKey: ['session', role],
    queryFn: ({ signal }) => getSession(role, signal),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const useSession = (role: Role) => useQuery(sessionQueryOptions(role));

/**
 * The session of `role`, asked of the server (`GET /api/{area}/session`) only when this
 * browser remembers signing in to it: a visitor's pages send no request the server must refuse.
 */
export const knownSession = async (queryClient: QueryClient, role: Role) =>
  getPersistedState().auth[role].status ? queryClient.fetchQuery(sessionQueryOptions(role)) : null;

/** Records a successful sign-in (the session body the server answered). */
export const storeSession = (queryClient: QueryClient, role: Role, session: Session) => {
  queryClient.setQueryData(sessionQueryOptions(role).queryKey, session);
  setRoleStatus(role, true);
};

/** Forgets the session locally (after sign-out or a 401). */
export const clearSession = (queryClient: QueryClient, role: Role) => {
  queryClient.setQueryData(sessionQueryOptions(role).queryKey, null);
  setRoleStatus(role, false);
};

export const signOut = (role: Role) => api.post<void>(`/api/${API_AREA[role]}/sign-out`);

export const useSignOut = (role: Role) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOut(role),
    // Signed out locally even if the server no longer knew the session.
    onSettled: () => clearSession(queryClient, role),
  });
};
