import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Option } from '@/components/form/select-field';
import { api } from '@/lib/api-client';

type NamedCode = { code: string; name_fr: string; name_en: string };

/** The parts of `GET /api/public/registration-options` the basic profile uses (titles, languages, ISD codes…). */
export type PersonOptions = {
  titles: string[];
  genders: string[];
  languages: NamedCode[];
  countries: (NamedCode & { isd: string })[];
  timezones: string[];
};

/** Same query key as the sign-up form's, so both share one cached answer. */
export const personOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['registration-options'],
    queryFn: ({ signal }) => api.get<PersonOptions>('/api/public/registration-options', { signal }),
    staleTime: 60 * 60_000,
  });

export const usePersonOptions = () => useQuery(personOptionsQueryOptions());

const named = (items: readonly NamedCode[], language: string): Option[] =>
  items
    .map((item) => ({ value: item.code, label: language === 'en' ? item.name_en : item.name_fr }))
    .sort((a, b) => a.label.localeCompare(b.label, language));

/** Select and checkbox options in the interface language; `timezone` is kept even if not listed. */
export const buildPersonLists = (options: PersonOptions, t: TFunction, language: string, timezone: string) => {
  const isd = new Map<string, string[]>();
  for (const country of options.countries) {
    if (!country.isd) continue;
    isd.set(country.isd, [...(isd.get(country.isd) ?? []), language === 'en' ? country.name_en : country.name_fr]);
  }
  return {
    titles: options.titles.map((v) => ({ value: v, label: t(`registration.titles.${v}`, { defaultValue: v }) })),
    genders: options.genders.map((v) => ({ value: v, label: t(`registration.genders.${v}`, { defaultValue: v }) })),
    languages: named(options.languages, language),
    isdCodes: [...isd.entries()]
      .sort(([a], [b]) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')))
      .map(([code, names]) => ({
        value: code,
        label: `${code} (${names.slice(0, 2).join(', ')}${names.length > 2 ? ', …' : ''})`,
      })),
    timezones: [...new Set([...options.timezones, timezone].filter(Boolean))]
      .sort()
      .map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
  };
};

/** A language code's name in the interface language (the code itself when unknown). */
export const languageName = (options: PersonOptions | undefined, code: string, language: string) => {
  const found = options?.languages.find((l) => l.code === code);
  return found ? (language === 'en' ? found.name_en : found.name_fr) : code;
};
