/**
 * The only localStorage keys the SPA writes. Never a token: the session is an
 * HttpOnly cookie (DESIGN §2).
 */
export const STORAGE_KEYS = {
  persistedState: 'equilibre-state',
  selectedLanguage: 'selectedLanguage',
  redirectUrl: 'redirectUrl',
  /** The visitor's cookie choice (`lib/consent.ts`): per purpose, with its date and version. */
  consent: 'equilibre-consent',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const readStorage = (key: StorageKey): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStorage = (key: StorageKey, value: string) => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the app works without it.
  }
};

export const removeStorage = (key: StorageKey) => {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // see writeStorage
  }
};
