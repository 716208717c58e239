import * as yup from 'yup';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/config/validation';

/** A new password (12–128 characters, no composition rules — DESIGN §2). */
export const newPasswordSchema = () =>
  yup
    .string()
    .required('validation.required')
    .min(PASSWORD_MIN, 'validation.passwordMin')
    .max(PASSWORD_MAX, 'validation.passwordMax');

export const confirmationSchema = (field: string) =>
  yup
    .string()
    .required('validation.required')
    .oneOf([yup.ref(field)], 'validation.passwordMismatch');
