import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { useProfileMutation, type BasicProfile } from './profile';

export type BasicProfileBody = BasicProfile;

const phone = /^[\d\s().-]{4,20}$/;

/** Mirrors the server's checks (domain `BasicProfileForm`); the server stays the authority. */
export const basicProfileSchema = yup.object({
  title: yup.string().required('validation.required'),
  gender: yup.string().required('validation.required'),
  given_name: yup.string().trim().required('validation.required').max(100, 'validation.tooLong'),
  family_name: yup.string().trim().required('validation.required').max(100, 'validation.tooLong'),
  isd_code: yup.string().required('validation.required'),
  contact_number: yup.string().trim().required('validation.required').matches(phone, 'validation.phone'),
  spoken_languages: yup.array(yup.string().required()).min(1, 'validation.chooseOne').required(),
  timezone: yup.string().required('validation.required'),
});

export const toBasicProfileBody = (values: BasicProfileBody): BasicProfileBody => ({
  ...values,
  given_name: values.given_name.trim(),
  family_name: values.family_name.trim(),
  contact_number: values.contact_number.trim(),
});

/** `PUT /api/consultant/profile/basic-profile` → 204. */
export const saveBasicProfile = (body: BasicProfileBody) => api.put<void>('/api/consultant/profile/basic-profile', body);

export const useSaveBasicProfile = () => useProfileMutation(saveBasicProfile);
