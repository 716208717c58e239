import { useMutation } from '@tanstack/react-query';
import * as yup from 'yup';
import { API_AREA, type Role } from '@/config/roles';
import { api } from '@/lib/api-client';

export const forgotPasswordInputSchema = yup.object({
  email: yup.string().trim().email('validation.email').required('validation.required'),
});

export type ForgotPasswordInput = yup.InferType<typeof forgotPasswordInputSchema>;

/** `POST /api/{area}/forgot-password` → 202 whether or not the account exists. */
export const forgotPassword = (role: Role, input: ForgotPasswordInput) =>
  api.post<void>(`/api/${API_AREA[role]}/forgot-password`, input);

export const useForgotPassword = (role: Role) =>
  useMutation({ mutationFn: (input: ForgotPasswordInput) => forgotPassword(role, input) });
