import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type NamedCode = { code: string; name_fr: string; name_en: string };
export type Country = NamedCode & { isd: string };

/** `GET /api/public/registration-options` (docs/api.md). */
export type RegistrationOptions = {
  terms_version: string;
  privacy_version: string;
  titles: string[];
  genders: string[];
  contact_methods: string[];
  languages: NamedCode[];
  countries: Country[];
  nationalities: NamedCode[];
  timezones: string[];
};

export const getRegistrationOptions = (signal?: AbortSignal) =>
  api.get<RegistrationOptions>('/api/public/registration-options', { signal });

export const registrationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['registration-options'],
    queryFn: ({ signal }) => getRegistrationOptions(signal),
    staleTime: 60 * 60_000,
  });

export const useRegistrationOptions = () => useQuery(registrationOptionsQueryOptions());
