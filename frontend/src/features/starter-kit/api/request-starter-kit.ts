import { useMutation } from '@tanstack/react-query';
import * as yup from 'yup';
import { api } from '@/lib/api-client';

/** The server's bounds (`POST /api/public/starter-kit-requests`), in characters. */
export const STARTER_KIT_LIMITS = { name: 100, email: 254 } as const;

/** What the form holds (`website` is the honeypot, left empty by a person). */
export type StarterKitValues = { name: string; email: string; website: string };

export const STARTER_KIT_FIELDS = ['name', 'email'] as const;

export const emptyStarterKit = (): StarterKitValues => ({ name: '', email: '', website: '' });

/** Characters as the server counts them (code points). */
const length = (value: string | undefined) => [...(value ?? '')].length;

export const starterKitSchema = () =>
  yup.object({
    name: yup
      .string()
      .trim()
      .test('max', 'validation.tooLong', (value) => length(value) <= STARTER_KIT_LIMITS.name)
      .required('validation.required'),
    email: yup
      .string()
      .trim()
      .max(STARTER_KIT_LIMITS.email, 'validation.tooLong')
      .email('validation.email')
      .required('validation.required'),
    website: yup.string(),
  });

/**
 * `POST /api/public/starter-kit-requests` `{name, email, website}` → 202 `{received: true}` whatever becomes
 * of it (the kit is mailed as a PDF in the request's language); 400 `name`, `email`.
 */
export const requestStarterKit = (values: StarterKitValues) =>
  api.post<{ received: boolean }>('/api/public/starter-kit-requests', {
    name: values.name.trim(),
    email: values.email.trim(),
    website: values.website,
  });

export const useRequestStarterKit = () => useMutation({ mutationFn: requestStarterKit });
