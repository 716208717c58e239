import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { api } from '@/lib/api-client';

/** The server's bounds (contract `POST /api/public/contact-messages`), in characters. */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 30, organisation: 120, subject: 150, message: 5000 } as const;

/** Digits, spaces and `+ - . ( )`. */
const PHONE = /^[0-9 +\-.()]+$/;

/** What the form holds: every field a string (`website` is the honeypot, left empty by a person). */
export type ContactMessageValues = {
  name: string;
  email: string;
  phone: string;
  organisation: string;
  subject: string;
  message: string;
  website: string;
};

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'organisation', 'subject', 'message'] as const;

export const emptyContactMessage = (): ContactMessageValues => ({
  name: '',
  email: '',
  phone: '',
  organisation: '',
  subject: '',
  message: '',
  website: '',
});

/** What is sent: the form's values, the optional fields null when left empty. */
export type ContactMessageBody = Omit<ContactMessageValues, 'phone' | 'organisation'> & {
  phone: string | null;
  organisation: string | null;
};

/** Characters as the server counts them (code points, not UTF-16 units). */
const length = (value: string | undefined) => [...(value ?? '')].length;

const text = (max: number) =>
  yup
    .string()
    .trim()
    .test('max', 'validation.tooLong', (value) => length(value) <= max);

/** The form's checks, the server's bounds (values trimmed); messages are `validation.*` keys or texts. */
export const contactMessageSchema = (t: TFunction) =>
  yup.object({
    name: text(CONTACT_LIMITS.name).required('validation.required'),
    email: text(CONTACT_LIMITS.email).email('validation.email').required('validation.required'),
    phone: text(CONTACT_LIMITS.phone).test('phone', t('contactForm.validation.phone'), (value) => !value || PHONE.test(value)),
    organisation: text(CONTACT_LIMITS.organisation),
    subject: text(CONTACT_LIMITS.subject).required('validation.required'),
    message: text(CONTACT_LIMITS.message).required('validation.required'),
    website: yup.string(),
  });

const optional = (value: string) => value.trim() || null;

/** The request body: trimmed texts, empty optional fields as null, the honeypot as it is (a string). */
export const toContactMessageBody = (values: ContactMessageValues): ContactMessageBody => ({
  name: values.name.trim(),
  email: values.email.trim(),
  phone: optional(values.phone),
  organisation: optional(values.organisation),
  subject: values.subject.trim(),
  message: values.message.trim(),
  website: values.website,
});

/**
 * `POST /api/public/contact-messages` → 202 `{received: true}` (the same answer whatever happens);
 * 400 `validation_failed` with `fields`, 429 `contact_message_limit` or `too_many_requests`.
 */
export const sendContactMessage = (body: ContactMessageBody) =>
  api.post<{ received: boolean }>('/api/public/contact-messages', body);

/**
 * Like the other public forms, the form announces the answer itself, in place (no `meta.feedback`
 * toast): the confirmation replaces the form (`role="status"`), field errors go on the fields, a
 * refusal above the form (`role="alert"`), anything else as a toast (`applyServerErrors`).
 */
export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
