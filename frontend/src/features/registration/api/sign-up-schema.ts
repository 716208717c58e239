import { validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import * as yup from 'yup';
import type { SignUpRole } from '@/config/roles';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/config/validation';
import { latestBirthDate, MOBILE_VERIFIED_CONTACTS, type SignUpValues } from './sign-up';

// The sign-up's rules (yup): a chunk of their own, fetched once the person starts typing, so
// the page's first load does not carry the validation library.

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

/** A texted or mailed code: six digits (DESIGN §2). */
export const otpCodeSchema = yup
  .string()
  .required('validation.required')
  .matches(/^\d{6}$/, 'validation.otpFormat');

/** An e-mail address, as the verification's « Send code » checks it before sending. */
export const emailSchema = yup.string().trim().required('validation.required').email('validation.email');

export const isValidationError = (error: unknown): error is yup.ValidationError => error instanceof yup.ValidationError;

/** Formik's `validate` with these rules: the errors by field, as `validationSchema` would give them. */
export const validateSignUp = async (role: SignUpRole, values: SignUpValues): Promise<FormikErrors<SignUpValues>> => {
  try {
    await validateYupSchema(values, signUpInputSchema(role));
    return {};
  } catch (error) {
    if (error instanceof yup.ValidationError) return yupToFormErrors<SignUpValues>(error);
    throw error;
  }
};
