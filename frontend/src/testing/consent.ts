import { CONSENT_VERSION, reloadConsent, type ConsentPurposes } from '@/lib/consent';
import { STORAGE_KEYS } from '@/lib/storage';

/** A visitor who already chose (stored as the banner stores it), so the banner stays closed. */
export const givenConsent = (purposes: ConsentPurposes, version = CONSENT_VERSION) => {
  window.localStorage.setItem(
    STORAGE_KEYS.consent,
    JSON.stringify({ ...purposes, version, date: '2026-11-20T10:00:00.000Z' }),
  );
  reloadConsent();
};

/** The stored choice, as parsed JSON (null when none). */
export const storedConsent = () => JSON.parse(window.localStorage.getItem(STORAGE_KEYS.consent) ?? 'null') as unknown;
