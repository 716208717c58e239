import type { TFunction } from 'i18next';
import * as yup from 'yup';
import type { CreateCouponBody } from './coupons';

export const COUPON_CURRENCIES = ['EUR', 'USD', 'CAD', 'GBP', 'CHF'] as const;

export type CouponValues = {
  code: string;
  kind: 'percent' | 'fixed';
  percent: string;
  amount: string;
  currency: string;
  valid_from: string;
  valid_until: string;
  max_uses: string;
  max_uses_per_client: string;
};

export const emptyCoupon = (): CouponValues => ({
  code: '',
  kind: 'percent',
  percent: '',
  amount: '',
  currency: 'EUR',
  valid_from: '',
  valid_until: '',
  max_uses: '100',
  max_uses_per_client: '1',
});

/** Digits after the decimal point of a currency (ISO 4217 as Intl knows it). */
const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** "10,50" or "10.5" → 1050 minor units (never through floats); null when not an amount. */
export const toMinor = (raw: string, currency: string): number | null => {
  const match = /^\s*(\d{1,9})(?:[.,](\d+))?\s*$/.exec(raw);
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
};

const integer = (t: TFunction) =>
  yup
    .string()
    .required('validation.required')
    .matches(/^\d{1,7}$/, t('coupons.validation.integer'))
    .test('positive', t('coupons.validation.integer'), (v) => !v || Number(v) >= 1);

export const couponSchema = (t: TFunction) =>
  yup.object({
    code: yup
      .string()
      .trim()
      .required('validation.required')
      .matches(/^[A-Za-z0-9_-]{3,40}$/, t('coupons.validation.code')),
    kind: yup.string().oneOf(['percent', 'fixed']).required('validation.required'),
    percent: yup.string().when('kind', {
      is: 'percent',
      then: (s) =>
        s
          .required('validation.required')
          .test('range', t('coupons.validation.percent'), (v) => !v || (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100)),
    }),
    amount: yup.string().when('kind', {
      is: 'fixed',
      then: (s) =>
        s
          .required('validation.required')
          .test('amount', t('coupons.validation.amount'), (v, ctx) => {
            const minor = toMinor(v ?? '', (ctx.parent as CouponValues).currency);
            return !v || (minor !== null && minor > 0);
          }),
    }),
    currency: yup.string().required('validation.required'),
    valid_from: yup.string().required('validation.required'),
    valid_until: yup
      .string()
      .required('validation.required')
      .test('after', t('coupons.validation.window'), (v, ctx) => !v || !(ctx.parent as CouponValues).valid_from || v >= (ctx.parent as CouponValues).valid_from),
    max_uses: integer(t),
    max_uses_per_client: integer(t).test(
      'le',
      t('coupons.validation.perClient'),
      (v, ctx) => !v || Number(v) <= Number((ctx.parent as CouponValues).max_uses || Infinity),
    ),
  });

/** The validity window covers whole days, in UTC, as RFC 3339 (contract: times on the wire are RFC 3339 UTC). */
export const toCouponBody = (values: CouponValues): CreateCouponBody => ({
  code: values.code.trim().toUpperCase(),
  kind: values.kind,
  ...(values.kind === 'percent'
    ? { percent: Number(values.percent) }
    : { amount: { amount_minor: toMinor(values.amount, values.currency) ?? 0, currency: values.currency } }),
  valid_from: `${values.valid_from}T00:00:00Z`,
  valid_until: `${values.valid_until}T23:59:59Z`,
  max_uses: Number(values.max_uses),
  max_uses_per_client: Number(values.max_uses_per_client),
});
