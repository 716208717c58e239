import { useMutation } from '@tanstack/react-query';
import * as yup from 'yup';
import { API_AREA, type Role } from '@/config/roles';
import { api } from '@/lib/api-client';
import { confirmationSchema, newPasswordSchema } from './password-schema';

export const changePasswordInputSchema = yup.object({
  current_password: yup.string().required('validation.required'),
  new_password: newPasswordSchema(),
  new_password_confirmation: confirmationSchema('new_password'),
});

export type ChangePasswordInput = yup.InferType<typeof changePasswordInputSchema>;

/** `POST /api/{area}/change-password` → 204 (other sessions revoked); 400 `wrong_password`. */
export const changePassword = (role: Role, input: ChangePasswordInput) =>
  api.post<void>(`/api/${API_AREA[role]}/change-password`, {
    current_password: input.current_password,
    new_password: input.new_password,
  });

export const useChangePassword = (role: Role) =>
  useMutation({ mutationFn: (input: ChangePasswordInput) => changePassword(role, input) });
