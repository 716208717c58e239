import { useMutation } from '@tanstack/react-query';
import * as yup from 'yup';
import { API_AREA, type SignUpRole } from '@/config/roles';
import { MIN_AGE_YEARS, PASSWORD_MAX, PASSWORD_MIN } from '@/config/validation';
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

const phone = () => yup.string().trim().matches(/^[\d\s().-]{4,20}$/, { message: 'validation.phone', excludeEmptyString: true });
const required = () => yup.string().trim().required('validation.required');

export const signUpInputSchema = (role: SignUpRole) =>
  yup.object({
    title: required(),
    gender: required(),
    family_name: required().max(100, 'validation.tooLong'),
    given_name: required().max(100, 'validation.tooLong'),
    date_of_birth: required()
      .matches(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
      .test('adult', 'validation.minAge', (value) => !value || value <= latestBirthDate()),
    preferred_contact: required(),
    isd_code: required(),
    contact_number: phone().required('validation.required'),
    alternative_isd_code: yup.string().when('alternative_number', {
      is: (value: string | undefined) => Boolean(value?.trim()),
      then: (schema) => schema.required('validation.required'),
    }),
    alternative_number: phone(),
    whatsapp_number: yup
      .string()
      .trim()
      .matches(/^\+\d[\d\s().-]{5,20}$/, { message: 'validation.internationalPhone', excludeEmptyString: true })
      .when('preferred_contact', {
        is: 'whatsapp',
        then: (schema) => schema.required('validation.required'),
      }),
    timezone: required(),
    correspondence_language: required(),
    spoken_languages: yup.array(yup.string().required()).min(1, 'validation.chooseOne').required(),
    profession: role === 'consultant' ? required().max(100, 'validation.tooLong') : yup.string(),
    years_of_experience:
      role === 'consultant'
        ? yup
            .number()
            .typeError('validation.number')
            .integer('validation.integer')
            .min(0, 'validation.yearsRange')
            .max(80, 'validation.yearsRange')
            .required('validation.required')
        : yup.mixed(),
    country_of_residence: required(),
    nationality: required(),
    email: required().email('validation.email'),
    email_proof: yup.string().required('validation.emailOtpRequired'),
    mobile_proof: yup.string().when('preferred_contact', {
      is: (value: string) => MOBILE_VERIFIED_CONTACTS.includes(value),
      then: (schema) => schema.required('validation.mobileOtpRequired'),
    }),
    password: yup
      .string()
      .required('validation.required')
      .min(PASSWORD_MIN, 'validation.passwordMin')
      .max(PASSWORD_MAX, 'validation.passwordMax'),
    password_confirmation: yup
      .string()
      .required('validation.required')
      .oneOf([yup.ref('password')], 'validation.passwordMismatch'),
    accept_terms: yup.boolean().oneOf([true], 'validation.acceptTerms'),
    accept_privacy: yup.boolean().oneOf([true], 'validation.acceptPrivacy'),
  });

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
