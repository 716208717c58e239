import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { useProfileMutation } from './profile';

export type AddressValues = {
  country_id: string;
  city_id: string;
  house_number: string;
  street_name: string;
  street_name_2: string;
  postal_code: string;
};

const line = (max: number) => yup.string().trim().max(max, 'validation.tooLong');

export const addressSchema = yup.object({
  country_id: yup.string().required('validation.required'),
  city_id: yup.string().required('validation.required'),
  house_number: line(20).required('validation.required'),
  street_name: line(200).required('validation.required'),
  street_name_2: line(200),
  postal_code: line(20).required('validation.required'),
});

export const toAddressBody = (values: AddressValues): AddressValues => ({
  country_id: values.country_id,
  city_id: values.city_id,
  house_number: values.house_number.trim(),
  street_name: values.street_name.trim(),
  street_name_2: values.street_name_2.trim(),
  postal_code: values.postal_code.trim(),
});

/** `PUT /api/consultant/profile/address` → 204 (`city.invalid` when the city is not in the country). */
export const saveAddress = (body: AddressValues) => api.put<void>('/api/consultant/profile/address', body);

export const useSaveAddress = () => useProfileMutation(saveAddress);
