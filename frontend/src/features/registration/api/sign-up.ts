import { useMutation } from '@tanstack/react-query';
import { API_AREA, type SignUpRole } from '@/config/roles';
import { MIN_AGE_YEARS } from '@/config/validation';
import { api } from '@/lib/api-client';

/** The sign-up form's values (one form for clients and consultants). */
export type SignUpValues = {
  title: string;
  gender: string;
  family_name: string;
  given_name: string;
  date_of_birth: string;
  preferred_contact: string;
  isd_code: string;
  contact_number: string;
  alternative_isd_code: string;
  alternative_number: string;
  whatsapp_number: string;
  timezone: string;
  correspondence_language: string;
  spoken_languages: string[];
  profession: string;
  years_of_experience: number | '';
  country_of_residence: string;
  nationality: string;
  email: string;
  email_proof: string;
  /** Proof of the mobile OTP, needed when texts or WhatsApp are the preferred contact. */
  mobile_proof: string;
  password: string;
  password_confirmation: string;
  accept_terms: boolean;
  accept_privacy: boolean;
};

/** Registration body of `POST /api/{client|consultant}/sign-up` (docs/api.md). */
export type SignUpBody = Omit<
  SignUpValues,
  'password_confirmation' | 'profession' | 'years_of_experience'
> & {
  profession?: string;
  years_of_experience?: number;
  terms_version: string;
  privacy_version: string;
};

/** Latest date of birth allowed for someone of `MIN_AGE_YEARS` today, as YYYY-MM-DD. */
export const latestBirthDate = (today = new Date()) => {
  const d = new Date(Date.UTC(today.getFullYear() - MIN_AGE_YEARS, today.getMonth(), today.getDate()));
  return d.toISOString().slice(0, 10);
};

/** Contact methods whose number must be verified by a texted code. */
export const MOBILE_VERIFIED_CONTACTS = ['sms', 'whatsapp'];

/** The number the mobile OTP verifies: the WhatsApp number for WhatsApp, else the contact number. */
export const mobileToVerify = (
  values: Pick<SignUpValues, 'preferred_contact' | 'isd_code' | 'contact_number' | 'whatsapp_number'>,
): { isd_code: string; contact_number: string } | null => {
  if (!MOBILE_VERIFIED_CONTACTS.includes(values.preferred_contact)) return null;
  const number = values.preferred_contact === 'whatsapp' ? values.whatsapp_number : values.contact_number;
  return { isd_code: values.isd_code, contact_number: number.trim() };
};

export const toSignUpBody = (
  role: SignUpRole,
  values: SignUpValues,
  versions: { terms_version: string; privacy_version: string },
): SignUpBody => {
  const { password_confirmation: _confirmation, profession, years_of_experience, ...rest } = values;
  const trimmed = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as typeof rest;
  return {
    ...trimmed,
    password: values.password,
    ...versions,
    ...(role === 'consultant'
      ? { profession: profession.trim(), years_of_experience: Number(years_of_experience) }
      : {}),
  };
};

/** `POST /api/{client|consultant}/sign-up` → 201 `{account_id}`. */
export const signUp = (role: SignUpRole, body: SignUpBody) =>
  api.post<{ account_id: string }>(`/api/${API_AREA[role]}/sign-up`, body);

export const useSignUp = (role: SignUpRole) =>
  useMutation({ mutationFn: (body: SignUpBody) => signUp(role, body) });
