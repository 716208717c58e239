import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_AREA } from '@/config/roles';
import { api } from '@/lib/api-client';
import { followConflict } from './erasure-session';
import type { PrivacyRole } from './types';

/** When another code may be asked for, and how long this one is valid (the sign-up code's rules). */
export type ErasureCodeAnswer = { resend_after_seconds: number; expires_in_seconds: number };

/**
 * `POST /api/{area}/erasure/code` (no body) → a 6-digit code mailed to the account's address, valid 10 minutes;
 * 429 `otp_resend_too_soon` / `otp_send_limit`, 409 `erasure_already_requested`.
 */
export const requestErasureCode = (role: PrivacyRole) =>
  api.post<ErasureCodeAnswer | undefined>(`/api/${API_AREA[role]}/erasure/code`);

export const useRequestErasureCode = (role: PrivacyRole) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestErasureCode(role),
    onError: (error) => followConflict(queryClient, role, error),
    meta: { feedback: { success: 'privacy.erasure.codeSent', errorToast: true } },
  });
};
