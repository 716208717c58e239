import { useMutation } from '@tanstack/react-query';
import type { SignUpRole } from '@/config/roles';
import { api } from '@/lib/api-client';

export type VerifyMobileOtpInput = { role: SignUpRole; isd_code: string; contact_number: string; code: string };

/** `POST /api/public/mobile-otp/verify` → `{proof}`; 400 `otp_invalid` / `otp_expired` / `otp_attempts_exhausted`. */
export const verifyMobileOtp = (input: VerifyMobileOtpInput) =>
  api.post<{ proof: string }>('/api/public/mobile-otp/verify', input);

export const useVerifyMobileOtp = () => useMutation({ mutationFn: verifyMobileOtp });
