import type { TFunction } from 'i18next';
import { displayValue } from './format';

/** Registration fields whose label key differs from the camel-cased field name. */
const LABELS: Record<string, string> = {
  phone: 'fields.contactNumber',
  alternative_phone: 'fields.alternativeNumber',
  whatsapp_number: 'fields.whatsapp',
  preferred_contact: 'fields.preferredContact',
};

/** Fields whose values are codes with a translated name. */
const VALUE_KEYS: Record<string, string> = {
  title: 'registration.titles',
  gender: 'registration.genders',
  preferred_contact: 'registration.contactMethods',
};

const camel = (key: string) => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * The registration profile (docs/api.md "registration profile") as label / value
 * rows for an administrator, with the sign-up form's labels; an unknown field
 * shows its key, so nothing the server sends is hidden from the admin.
 */
export const registrationRows = (profile: Record<string, unknown> | null | undefined, t: TFunction) =>
  Object.entries(profile ?? {}).map(([key, value]): [string, string] => {
    const label = t(LABELS[key] ?? `fields.${camel(key)}`, { defaultValue: key });
    const text =
      typeof value === 'string' && VALUE_KEYS[key] ? t(`${VALUE_KEYS[key]}.${value}`, { defaultValue: value }) : displayValue(value);
    return [label, text || '—'];
  });
