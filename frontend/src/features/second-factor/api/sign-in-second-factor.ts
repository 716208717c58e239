import { API_AREA, type Role } from '@/config/roles';
import { api } from '@/lib/api-client';
import type { Session } from '@/lib/auth';
import type { Enrolment } from './types';

/** `POST /api/{area}/sign-in/enrolment {challenge}` (an `enrol` challenge) → a new secret; 400 `sign_in_challenge_invalid`. */
export const startSignInEnrolment = (role: Role, challenge: string) =>
  api.post<Enrolment>(`/api/${API_AREA[role]}/sign-in/enrolment`, { challenge });

/**
 * `POST /api/{area}/sign-in/second-factor {challenge, code}` → session body, sets the cookie;
 * after an enrolment, plus the ten `recovery_codes`. 400 `second_factor_invalid`,
 * `sign_in_challenge_invalid`, `second_factor_not_enrolled`; 429.
 */
export const verifySignInSecondFactor = (role: Role, challenge: string, code: string) =>
  api.post<Session & { recovery_codes?: string[] }>(`/api/${API_AREA[role]}/sign-in/second-factor`, {
    challenge,
    code,
  });

export const signInEnrolmentQueryOptions = (role: Role, challenge: string) => ({
  queryKey: ['second-factor', 'sign-in-enrolment', role, challenge] as const,
  // A POST: asked once per challenge (React Query shares the call between StrictMode's
  // two mounts, so only one secret is made) and forgotten with the screen.
  queryFn: () => startSignInEnrolment(role, challenge),
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
  meta: { silent: true },
});
