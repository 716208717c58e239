import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { API_AREA } from '@/config/roles';
import { api } from '@/lib/api-client';
import { followConflict, followErasure } from './erasure-session';
import type { PrivacyRole } from './types';

export const erasureCodeSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required('validation.required')
    .matches(/^\d{6}$/, 'validation.otpFormat'),
});

export type ErasureCodeValues = yup.InferType<typeof erasureCodeSchema>;

/** When the erasure runs (RFC 3339): 14 days after the request. */
export type ErasureScheduled = { erase_at: string };

/**
 * `POST /api/{area}/erasure {code}` → `{erase_at}`. A wrong code answers the sign-up code's rule codes
 * (`otp_invalid`, `otp_expired`, `otp_attempts_exhausted`); with a second factor, 403 `reauthentication_required`
 * until `X-Second-Factor` comes (the API client asks for it); 409 `erasure_already_requested`.
 */
export const requestErasure = (role: PrivacyRole, code: string) =>
  api.post<ErasureScheduled>(`/api/${API_AREA[role]}/erasure`, { code });

export const useRequestErasure = (role: PrivacyRole) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => requestErasure(role, code),
    onSuccess: ({ erase_at }) => followErasure(queryClient, role, erase_at),
    onError: (error) => followConflict(queryClient, role, error),
    meta: { feedback: { success: 'privacy.erasure.requested' } },
  });
};
