/**
 * Prices as the consultant types them ("60", "60,50" or "60.5") and as the API
 * takes them: integer minor units plus an ISO 4217 currency (domain `Money`).
 * Exact: digits are read as text, never through floating point.
 */

/** The currencies the marketplace prices in (domain `Currency::ALL`). */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'INR', 'MAD', 'XOF'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** Digits after the decimal point: 2, or 0 for XOF. */
export const minorDigits = (currency: string) => (currency === 'XOF' ? 0 : 2);

/** The highest consultation price in major units (domain `Money::max_price_major`). */
export const maxPriceMajor = (currency: string) => {
  switch (currency) {
    case 'MAD':
      return 100_000;
    case 'INR':
      return 1_000_000;
    case 'XOF':
      return 10_000_000;
    default:
      return 10_000;
  }
};

/**
 * "60" → 6000, "60,50" → 6050, "1 200,5" → 120050 (EUR); null when the text is not
 * an amount with at most the currency's number of decimals.
 */
export const parsePrice = (raw: string, currency: string): number | null => {
  const text = raw.trim().replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const digits = minorDigits(currency);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
};

/** 6050 → "60,50" in French, "60.50" in English: what the price field shows again. */
export const formatPriceInput = (minor: number, currency: string, language: string) => {
  const digits = minorDigits(currency);
  const whole = Math.floor(minor / 10 ** digits);
  const fraction = String(minor % 10 ** digits).padStart(digits, '0');
  if (digits === 0) return String(whole);
  return `${whole}${language === 'en' ? '.' : ','}${fraction}`;
};

/** 6050 EUR → "60,50 €" for display. */
export const formatMoney = (minor: number, currency: string, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    style: 'currency',
    currency,
    minimumFractionDigits: minorDigits(currency),
    maximumFractionDigits: minorDigits(currency),
  }).format(minor / 10 ** minorDigits(currency));
