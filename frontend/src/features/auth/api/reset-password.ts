import { useMutation } from '@tanstack/react-query';
import * as yup from 'yup';
import { API_AREA, type Role } from '@/config/roles';
import { api } from '@/lib/api-client';
import { confirmationSchema, newPasswordSchema } from './password-schema';

export const resetPasswordInputSchema = yup.object({
  password: newPasswordSchema(),
  password_confirmation: confirmationSchema('password'),
});

export type ResetPasswordInput = yup.InferType<typeof resetPasswordInputSchema>;
export type ResetPasswordBody = { token: string; email: string; password: string };

/** `POST /api/{area}/reset-password` → 204; 400 `reset_token_invalid`. */
export const resetPassword = (role: Role, body: ResetPasswordBody) =>
  api.post<void>(`/api/${API_AREA[role]}/reset-password`, body);

export const useResetPassword = (role: Role) =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => resetPassword(role, body) });
