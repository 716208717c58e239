import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { useProfileMutation } from './profile';

/** Every bank field of spec §3, as `PUT /api/consultant/profile/bank` takes them. */
export type BankValues = {
  payment_currency: string;
  tax_number: string;
  bank_name: string;
  agency_name: string;
  agency_address: string;
  swift_bic: string;
  account_number: string;
  branch_code: string;
  iban: string;
  control_key: string;
  account_holder: string;
  account_currency: string;
  attachment_key: string;
};

export const compactIban = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

/** Country code, check digits and 11–30 letters or digits, with a good ISO 7064 (mod 97) checksum. */
export const isPlausibleIban = (raw: string) => {
  const iban = compactIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
};

/** 4 letters (bank), 2 letters (country), 2 letters or digits, optionally 3 more. */
export const BIC_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** Letters, digits, spaces and `-./` (domain `text::code`). */
export const CODE_PATTERN = /^[\p{L}\p{N} ./-]*$/u;
const line = (max: number) => yup.string().trim().max(max, 'validation.tooLong');

/** Mirrors domain `BankForm::parse`; the server stays the authority. */
export const bankSchema = (t: TFunction) => {
  const code = (max: number) =>
    yup.string().trim().max(max, 'validation.tooLong').matches(CODE_PATTERN, t('consultantProfile.validation.code'));
  return yup.object({
    payment_currency: yup.string().required('validation.required'),
    tax_number: code(30).required('validation.required'),
    bank_name: line(100).required('validation.required'),
    agency_name: line(100),
    agency_address: line(300),
    swift_bic: yup
      .string()
      .required('validation.required')
      .test('bic', t('consultantProfile.validation.bic'), (value) => !value || BIC_PATTERN.test(value.replace(/\s/g, '').toUpperCase())),
    iban: yup
      .string()
      .test('iban', t('consultantProfile.validation.iban'), (value) => !value?.trim() || isPlausibleIban(value))
      .test(
        'account',
        t('consultantProfile.validation.accountRequired'),
        (value, context) => Boolean(value?.trim()) || Boolean((context.parent as BankValues).account_number?.trim()),
      ),
    account_number: code(34),
    branch_code: code(20),
    control_key: code(10),
    account_holder: line(140).required('validation.required'),
    account_currency: yup.string().required('validation.required'),
    attachment_key: yup.string().required('validation.required'),
  });
};

export const toBankBody = (values: BankValues): BankValues => {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value.trim()]),
  ) as BankValues;
  return { ...trimmed, iban: compactIban(trimmed.iban), swift_bic: trimmed.swift_bic.replace(/\s/g, '').toUpperCase() };
};

/** `PUT /api/consultant/profile/bank` → 204. */
export const saveBank = (body: BankValues) => api.put<void>('/api/consultant/profile/bank', body);

export const useSaveBank = () => useProfileMutation(saveBank);
