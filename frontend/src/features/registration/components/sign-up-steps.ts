import type { SignUpValues } from '../api/sign-up';

/** The sign-up's steps, in order, each with the fields it holds (a field is in exactly one). */
export const SIGN_UP_STEPS = [
  {
    key: 'identity',
    fields: ['title', 'gender', 'given_name', 'family_name', 'date_of_birth', 'nationality', 'profession', 'years_of_experience'],
  },
  {
    key: 'contact',
    fields: [
      'preferred_contact',
      'country_of_residence',
      'isd_code',
      'contact_number',
      'whatsapp_number',
      'mobile_proof',
      'timezone',
      'correspondence_language',
      'spoken_languages',
      'alternative_isd_code',
      'alternative_number',
    ],
  },
  {
    key: 'account',
    fields: ['email', 'email_proof', 'password', 'password_confirmation', 'accept_terms', 'accept_privacy'],
  },
] as const satisfies readonly { key: string; fields: readonly (keyof SignUpValues)[] }[];

export type SignUpStepKey = (typeof SIGN_UP_STEPS)[number]['key'];

/** The index of the step that holds `field` (the last step for a name no step holds). */
export const stepOf = (field: string): number => {
  const index = SIGN_UP_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field));
  return index === -1 ? SIGN_UP_STEPS.length - 1 : index;
};

/** The fields of `errors` that hold a message, those of step `step` only when given. */
export const fieldsInError = (errors: Partial<Record<string, unknown>>, step?: number): string[] =>
  Object.keys(errors).filter((field) => Boolean(errors[field]) && (step === undefined || stepOf(field) === step));

/** The earliest step holding one of `fields`, or null when there is none. */
export const firstStepOf = (fields: readonly string[]): number | null =>
  fields.length === 0 ? null : Math.min(...fields.map(stepOf));
