import { useMutation } from '@tanstack/react-query';
import type { SignUpRole } from '@/config/roles';
import { api } from '@/lib/api-client';

export type RequestMobileOtpInput = { role: SignUpRole; isd_code: string; contact_number: string };
export type RequestMobileOtpAnswer = { resend_after_seconds: number; expires_in_seconds: number };

/** `POST /api/public/mobile-otp` → 202 (the code is texted); 429 `otp_resend_too_soon` / `otp_send_limit`. */
export const requestMobileOtp = (input: RequestMobileOtpInput) =>
  api.post<RequestMobileOtpAnswer | undefined>('/api/public/mobile-otp', input);

export const useRequestMobileOtp = () => useMutation({ mutationFn: requestMobileOtp });
