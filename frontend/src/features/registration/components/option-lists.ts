import type { TFunction } from 'i18next';
import type { Option } from '@/components/form/select-field';
import type { NamedCode, RegistrationOptions } from '../api/get-registration-options';

/** Sorting by label in the interface's language (one collator: hundreds of names). */
const byLabel = (language: string) => {
  const { compare } = new Intl.Collator(language === 'en' ? 'en' : 'fr');
  return (a: Option, b: Option) => compare(a.label, b.label);
};

const named = (items: readonly NamedCode[], language: string): Option[] =>
  items
    .map((item) => ({ value: item.code, label: language === 'en' ? item.name_en : item.name_fr }))
    .sort(byLabel(language));

/** ISD codes, one entry per code (several countries may share one). */
const isdCodes = (options: RegistrationOptions, language: string): Option[] => {
  const names = new Map<string, string[]>();
  for (const country of options.countries) {
    if (!country.isd) continue;
    const list = names.get(country.isd) ?? [];
    list.push(language === 'en' ? country.name_en : country.name_fr);
    names.set(country.isd, list);
  }
  return [...names.entries()]
    .sort(([a], [b]) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')))
    .map(([isd, countries]) => ({
      value: isd,
      label: `${isd} (${countries.slice(0, 2).join(', ')}${countries.length > 2 ? ', …' : ''})`,
    }));
};

/** The first step's choices, from `GET /api/public/registration-options`. */
export const identityLists = (options: RegistrationOptions, t: TFunction, language: string) => ({
  titles: options.titles.map((v) => ({ value: v, label: t(`registration.titles.${v}`, { defaultValue: v }) })),
  genders: options.genders.map((v) => ({ value: v, label: t(`registration.genders.${v}`, { defaultValue: v }) })),
  nationalities: named(options.nationalities, language),
});

/** The second step's choices (made when it shows; time zones: `ZoneDirectory`). */
export const contactLists = (options: RegistrationOptions, t: TFunction, language: string) => ({
  contactMethods: options.contact_methods.map((v) => ({
    value: v,
    label: t(`registration.contactMethods.${v}`, { defaultValue: v }),
  })),
  languages: named(options.languages, language),
  countries: named(options.countries, language),
  isdCodes: isdCodes(options, language),
  correspondenceLanguages: [
    { value: 'fr', label: 'Français' },
    { value: 'en', label: 'English' },
  ],
});

export type IdentityLists = ReturnType<typeof identityLists>;
export type ContactLists = ReturnType<typeof contactLists>;
