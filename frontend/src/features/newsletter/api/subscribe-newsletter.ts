import { useMutation } from '@tanstack/react-query';
import * as yup from 'yup';
import { api } from '@/lib/api-client';

/** What the form holds: the address and the honeypot (`website`, left empty by a person). */
export type NewsletterValues = { email: string; website: string };

export const NEWSLETTER_FIELDS = ['email'] as const;
export const EMAIL_MAX = 254;

export const emptyNewsletter = (): NewsletterValues => ({ email: '', website: '' });

/** The form's checks (messages are `validation.*` keys). */
export const newsletterSchema = () =>
  yup.object({
    email: yup.string().trim().max(EMAIL_MAX, 'validation.tooLong').email('validation.email').required('validation.required'),
    website: yup.string(),
  });

/**
 * `POST /api/public/newsletter/subscriptions` `{email, website}` → 202 `{received: true}`, the same answer
 * for a new, waiting or subscribed address (the confirmation link goes by mail); 400 `email`.
 */
export const subscribeNewsletter = (values: NewsletterValues) =>
  api.post<{ received: boolean }>('/api/public/newsletter/subscriptions', {
    email: values.email.trim(),
    website: values.website,
  });

/** Announced in place by the form (no toast). */
export const useSubscribeNewsletter = () => useMutation({ mutationFn: subscribeNewsletter });
