import { useMutation } from '@tanstack/react-query';
import type { SignUpRole } from '@/config/roles';
import { api } from '@/lib/api-client';

export type VerifyEmailOtpInput = { email: string; role: SignUpRole; code: string };

/** `POST /api/public/email-otp/verify` → `{proof}`; 400 `otp_invalid` / `otp_expired` / `otp_attempts_exhausted`. */
export const verifyEmailOtp = (input: VerifyEmailOtpInput) =>
  api.post<{ proof: string }>('/api/public/email-otp/verify', input);

export const useVerifyEmailOtp = () => useMutation({ mutationFn: verifyEmailOtp });
