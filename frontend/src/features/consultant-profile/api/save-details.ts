import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { formatMoney, maxPriceMajor, minorDigits, parsePrice } from './money';
import { useProfileMutation } from './profile';

/** The details form: the price as typed, the rest as the API takes it. */
export type DetailsValues = {
  bio: string;
  background: string;
  expertise: string;
  /** The same three texts in English (optional). */
  bio_en: string;
  background_en: string;
  expertise_en: string;
  video_url: string;
  keyword_ids: string[];
  objective_ids: string[];
  disorder_ids: string[];
  specialisation_ids: string[];
  photo_key: string;
  resume_key: string;
  price: string;
  currency: string;
  session_minutes: string;
  languages: string[];
  first_consultation_free: boolean;
};

export type DetailsBody = Omit<DetailsValues, 'price' | 'session_minutes'> & {
  price_minor: number;
  session_minutes: number;
};

/** Limits of domain `ProfileDetailsForm` and `Topics`. */
export const DETAILS_LIMITS = {
  bio: 3000,
  background: 5000,
  expertise: 1000,
  keywords: 20,
  objectives: 20,
  disorders: 30,
  specialisations: 10,
  languages: 10,
} as const;


export const detailsSchema = (t: TFunction, language: string) => {
  const tooMany = (max: number) => t('consultantProfile.validation.tooMany', { max });
  const many = (max: number) => yup.array(yup.string().required()).max(max, tooMany(max));
  return yup.object({
    bio: yup.string().trim().required('validation.required').max(DETAILS_LIMITS.bio, 'validation.tooLong'),
    background: yup.string().trim().max(DETAILS_LIMITS.background, 'validation.tooLong'),
    expertise: yup.string().trim().max(DETAILS_LIMITS.expertise, 'validation.tooLong'),
    bio_en: yup.string().trim().max(DETAILS_LIMITS.bio, 'validation.tooLong'),
    background_en: yup.string().trim().max(DETAILS_LIMITS.background, 'validation.tooLong'),
    expertise_en: yup.string().trim().max(DETAILS_LIMITS.expertise, 'validation.tooLong'),
    video_url: yup
      .string()
      .trim()
      .matches(/^https?:\/\/\S+$/i, { message: t('consultantProfile.validation.url'), excludeEmptyString: true }),
    keyword_ids: many(DETAILS_LIMITS.keywords),
    objective_ids: many(DETAILS_LIMITS.objectives),
    disorder_ids: many(DETAILS_LIMITS.disorders),
    specialisation_ids: many(DETAILS_LIMITS.specialisations).min(1, 'validation.chooseOne').required(),
    photo_key: yup.string().required('validation.required'),
    resume_key: yup.string().required('validation.required'),
    currency: yup.string().required('validation.required'),
    price: yup
      .string()
      .required('validation.required')
      .test('price', (value, context) => {
        const currency = (context.parent as DetailsValues).currency || 'EUR';
        const minor = parsePrice(value ?? '', currency);
        if (minor === null)
          return context.createError({
            message: t('consultantProfile.validation.price', { digits: minorDigits(currency) }),
          });
        const max = maxPriceMajor(currency) * 10 ** minorDigits(currency);
        if (minor > max)
          return context.createError({
            message: t('consultantProfile.validation.priceRange', { max: formatMoney(max, currency, language) }),
          });
        return true;
      }),
    session_minutes: yup.string().required('validation.required'),
    languages: many(DETAILS_LIMITS.languages).min(1, 'validation.chooseOne').required(),
  });
};

/** The body of `PUT /api/consultant/profile/details`: the price in integer minor units. */
export const toDetailsBody = (values: DetailsValues): DetailsBody => {
  const { price, session_minutes, ...rest } = values;
  return {
    ...rest,
    bio: values.bio.trim(),
    background: values.background.trim(),
    expertise: values.expertise.trim(),
    bio_en: values.bio_en.trim(),
    background_en: values.background_en.trim(),
    expertise_en: values.expertise_en.trim(),
    video_url: values.video_url.trim(),
    price_minor: parsePrice(price, values.currency) ?? 0,
    session_minutes: Number(session_minutes),
  };
};

/** `PUT /api/consultant/profile/details` → 204. */
export const saveDetails = (body: DetailsBody) => api.put<void>('/api/consultant/profile/details', body);

export const useSaveDetails = () => useProfileMutation(saveDetails);
