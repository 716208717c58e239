import { updatePersistedState, type PersistedState } from './persisted-state';
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

/** A booking page is come back to within a day of leaving it; later, its slot is a stale memory. */
const BOOKING_RETURN_MS = 24 * 60 * 60_000;

/** Only our booking pages are come back to. */
const isBookingPath = (path: string) => isLocalPath(path) && path.startsWith('/booking/');

/**
 * Remembers the booking page (with its slot: `/booking/{expert}_{start}`) a client leaves to
 * fill in the consent form, so that saving the form brings them back to it.
 */
export const rememberBookingReturn = (path: string) => {
  if (isBookingPath(path)) updatePersistedState((s) => ({ ...s, bookingReturn: { path, at: Date.now() } }));
};

/** The booking page to come back to, if one was left less than a day ago (a `usePersistedState` selector). */
export const bookingReturnPath = (s: PersistedState): string | null => {
  const back = s.bookingReturn;
  return back && isBookingPath(back.path) && Date.now() - back.at < BOOKING_RETURN_MS ? back.path : null;
};

/** Forgets the booking page to come back to. */
export const forgetBookingReturn = () => updatePersistedState((s) => (s.bookingReturn ? { ...s, bookingReturn: null } : s));

/** Whether the remembered sign-in destination is a booking page (the sign-in page says so). */
export const redirectsToBooking = () => isBookingPath(readStorage(STORAGE_KEYS.redirectUrl) ?? '');
