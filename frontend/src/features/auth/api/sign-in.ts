import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { API_AREA, type Role } from '@/config/roles';
import { api } from '@/lib/api-client';
import { storeSession, type Session } from '@/lib/auth';

export const signInInputSchema = yup.object({
  email: yup.string().trim().email('validation.email').required('validation.required'),
  password: yup.string().required('validation.required'),
});

export type SignInInput = yup.InferType<typeof signInInputSchema>;

/** `POST /api/{area}/sign-in` → session body; sets the HttpOnly session cookie. */
export const signIn = (role: Role, input: SignInInput) =>
  api.post<Session>(`/api/${API_AREA[role]}/sign-in`, input);

export const useSignIn = (role: Role) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => signIn(role, input),
    onSuccess: (session) => storeSession(queryClient, role, session),
  });
};
