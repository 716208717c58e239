/** BCP 47 locale of an interface language. */
const locale = (language: string) => (language === 'en' ? 'en-GB' : 'fr-FR');

/**
 * A price from integer minor units (docs/api.md `price: {minor, currency}`), in the
 * interface language: 6050 EUR → "60,50 €" (fr) or "€60.50" (en). The number of
 * minor digits is the currency's own (ISO 4217, as Intl knows it: 0 for XOF).
 */
export const formatPrice = (minor: number, currency: string, language: string) => {
  const format = new Intl.NumberFormat(locale(language), { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
};

/** "60 min" in both languages, as a duration unit Intl knows. */
export const formatMinutes = (minutes: number, language: string) =>
  new Intl.NumberFormat(locale(language), { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(minutes);

/** A date (ISO text) as a short local date and time; the raw text when it is not a date. */
export const formatDateTime = (value: string | null | undefined, language: string) => {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

/** Any JSON value as text for a read-only view: lists joined, yes/no marks, '' for nothing. */
export const displayValue = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
};

/** Card networks by the provider's brand code (Stripe's `card.brand`), as their owners write them. */
const CARD_BRANDS: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'CB',
  cb: 'CB',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** "visa" → "Visa", "amex" → "American Express"; an unknown code with its first letter capitalised. */
export const formatCardBrand = (brand: string) => {
  const code = brand.trim().toLowerCase();
  return CARD_BRANDS[code] ?? code.charAt(0).toUpperCase() + code.slice(1).replaceAll('_', ' ');
};
