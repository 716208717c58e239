/**
 * Build-time configuration, read once and checked here.
 * VITE_API_URL: base of the API (empty = same origin, the normal case).
 * VITE_API_KEY: optional app identifier sent as X-Api-Key (never a credential).
 */
const readUrl = (value: unknown): string => {
  if (value === undefined || value === '') return '';
  if (typeof value !== 'string' || !/^(https?:\/\/[^/]+)?(\/[^?#]*)?$/.test(value)) {
    throw new Error(`VITE_API_URL must be an origin or a path, got ${JSON.stringify(value)}`);
  }
  return value.replace(/\/$/, '');
};

const readOptional = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export const env = {
  apiUrl: readUrl(import.meta.env.VITE_API_URL),
  apiKey: readOptional(import.meta.env.VITE_API_KEY),
} as const;
