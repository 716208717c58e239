import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { api } from '@/lib/api-client';

/** How the client heard of us (domain `client_file::general::ReferralSource`). */
export const REFERRAL_SOURCES = ['search_engine', 'social_media', 'friend_or_family', 'expert', 'press', 'other'] as const;

export const HEIGHT_CM = { min: 50, max: 250 } as const;
export const WEIGHT_KG = { min: 20, max: 350 } as const;

/** The form's values; measures are text in the form and numbers on the wire. */
export type GeneralInfoValues = {
  occupation: string;
  height_cm: string;
  weight_kg: string;
  emergency_contact_name: string;
  emergency_contact_isd_code: string;
  emergency_contact_number: string;
  referral_source: string;
};

export const GENERAL_FIELDS = [
  'occupation',
  'height_cm',
  'weight_kg',
  'emergency_contact_name',
  'emergency_contact_isd_code',
  'emergency_contact_number',
  'referral_source',
] as const satisfies readonly (keyof GeneralInfoValues)[];

export type GeneralInfo = Omit<GeneralInfoValues, 'height_cm' | 'weight_kg'> & {
  height_cm: number | null;
  weight_kg: number | null;
};

/** `GET /api/client/general-info`; `info` is null until saved. */
export type GeneralInfoAnswer = { client_id: string; saved_at: string | null; info: GeneralInfo | null };

export const getGeneralInfo = (signal?: AbortSignal) =>
  api.get<GeneralInfoAnswer>('/api/client/general-info', { signal });

export const generalInfoKey = ['client', 'general-info'] as const;

export const generalInfoQueryOptions = () =>
  queryOptions({ queryKey: generalInfoKey, queryFn: ({ signal }) => getGeneralInfo(signal), staleTime: 0 });

export const useGeneralInfo = () => useQuery(generalInfoQueryOptions());

const measure = (t: TFunction, { min, max }: { min: number; max: number }) =>
  yup
    .string()
    .trim()
    .matches(/^\d*$/, 'validation.integer')
    .test(
      'range',
      t('clientFile.validation.range', { min, max }),
      (value) => !value || (Number(value) >= min && Number(value) <= max),
    );

/** The form's own checks (the server checks them again). */
export const generalInfoSchema = (t: TFunction) =>
  yup.object({
  occupation: yup.string().trim().max(100, 'validation.tooLong'),
  height_cm: measure(t, HEIGHT_CM),
  weight_kg: measure(t, WEIGHT_KG),
  emergency_contact_name: yup
    .string()
    .trim()
    .max(100, 'validation.tooLong')
    .when('emergency_contact_number', {
      is: (number?: string) => Boolean(number?.trim()),
      then: (schema) => schema.required('validation.required'),
    }),
  emergency_contact_isd_code: yup.string(),
  emergency_contact_number: yup.string().trim(),
  referral_source: yup.string(),
});

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export const generalInfoValues = (saved: GeneralInfoAnswer | undefined, isdCode: string): GeneralInfoValues => {
  const info = saved?.info;
  return {
    occupation: info?.occupation ?? '',
    height_cm: text(info?.height_cm),
    weight_kg: text(info?.weight_kg),
    emergency_contact_name: info?.emergency_contact_name ?? '',
    emergency_contact_isd_code: info?.emergency_contact_isd_code || isdCode,
    emergency_contact_number: info?.emergency_contact_number ?? '',
    referral_source: info?.referral_source ?? '',
  };
};

const number = (value: string) => (value.trim() ? Number(value.trim()) : null);

/** `PUT /api/client/general-info` → 204. */
export const saveGeneralInfo = (values: GeneralInfoValues) =>
  api.put<void>('/api/client/general-info', {
    ...values,
    height_cm: number(values.height_cm),
    weight_kg: number(values.weight_kg),
  });

export const useSaveGeneralInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGeneralInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: generalInfoKey }),
  });
};
