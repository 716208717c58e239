import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_AREA, type Role } from '@/config/roles';
import { api } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/auth';
import type { Enrolment, RecoveryCodes } from './types';

const base = (role: Role) => `/api/${API_AREA[role]}/second-factor`;

/** `POST /api/{area}/second-factor/enrolment` → a new pending secret; 409 `second_factor_already_enabled`. */
export const startEnrolment = (role: Role) => api.post<Enrolment>(`${base(role)}/enrolment`);

/** `POST /api/{area}/second-factor {code}` → the recovery codes (on); 400 `second_factor_invalid`, `second_factor_not_enrolled`. */
export const enableSecondFactor = (role: Role, code: string) => api.post<RecoveryCodes>(base(role), { code });

/** `POST /api/{area}/second-factor/recovery-codes` (re-authenticated) → new codes; the old ones stop working. */
export const renewRecoveryCodes = (role: Role) => api.post<RecoveryCodes>(`${base(role)}/recovery-codes`);

/** `DELETE /api/{area}/second-factor` (re-authenticated) → 204; 409 `second_factor_required`. */
export const disableSecondFactor = (role: Role) => api.delete<void>(base(role));

/** The security panel's commands; each one fetches the session (and its `second_factor`) again after. */
export const useSecondFactorCommands = (role: Role) => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions(role).queryKey });
  return {
    start: useMutation({ mutationFn: () => startEnrolment(role) }),
    enable: useMutation({ mutationFn: (code: string) => enableSecondFactor(role, code), onSettled: refresh }),
    renew: useMutation({ mutationFn: () => renewRecoveryCodes(role), onSettled: refresh }),
    disable: useMutation({ mutationFn: () => disableSecondFactor(role), onSettled: refresh }),
    refresh,
  };
};
