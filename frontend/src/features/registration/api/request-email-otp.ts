import { useMutation } from '@tanstack/react-query';
import type { SignUpRole } from '@/config/roles';
import { api } from '@/lib/api-client';

export type RequestEmailOtpInput = { email: string; role: SignUpRole };
export type RequestEmailOtpAnswer = { resend_after_seconds: number; expires_in_seconds: number };

/** `POST /api/public/email-otp` → 202; 429 `otp_resend_too_soon` / `otp_send_limit`. */
export const requestEmailOtp = (input: RequestEmailOtpInput) =>
  api.post<RequestEmailOtpAnswer | undefined>('/api/public/email-otp', input);

export const useRequestEmailOtp = () => useMutation({ mutationFn: requestEmailOtp });
