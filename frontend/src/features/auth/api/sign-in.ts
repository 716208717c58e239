import { useMutation } from '@tanstack/react-query';
import * as yup from 'yup';
import { API_AREA, type Role } from '@/config/roles';
import { api } from '@/lib/api-client';
import type { Session, SignInChallenge } from '@/lib/auth';

export const signInInputSchema = yup.object({
  email: yup.string().trim().email('validation.email').required('validation.required'),
  password: yup.string().required('validation.required'),
});

export type SignInInput = yup.InferType<typeof signInInputSchema>;

/**
 * `POST /api/{area}/sign-in` → 200 session body (sets the HttpOnly session cookie), or
 * 202 challenge when a second factor must follow (docs/api.md "Second factor").
 */
export const signIn = (role: Role, input: SignInInput) =>
  api.post<Session | SignInChallenge>(`/api/${API_AREA[role]}/sign-in`, input);

/** The caller records the session (`storeSession`) once the sign-in is complete. */
export const useSignIn = (role: Role) =>
  useMutation({ mutationFn: (input: SignInInput) => signIn(role, input) });
