import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Only same-origin paths are remembered (no open redirect). */
const isLocalPath = (value: string) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');

export const rememberRedirectUrl = (url: string) => {
  if (isLocalPath(url)) writeStorage(STORAGE_KEYS.redirectUrl, url);
};

/** Returns the remembered path once, then forgets it. */
export const takeRedirectUrl = (): string | null => {
  const url = readStorage(STORAGE_KEYS.redirectUrl);
  removeStorage(STORAGE_KEYS.redirectUrl);
  return url && isLocalPath(url) ? url : null;
};
