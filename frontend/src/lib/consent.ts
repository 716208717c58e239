import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * Raised when what we ask consent for changes (a new purpose, a new third party): a choice
 * stored under another version is asked again.
 */
export const CONSENT_VERSION = 1;

/** The purposes a visitor chooses (docs/rules.md "Consent and analytics"). */
export type ConsentPurposes = {
  /** Mesure d’audience: our own usage events (`POST /api/{area}/usage-events`). */
  analytics: boolean;
  /** Publicité: the advertising pixel (`pixel` of the web settings). */
  advertising: boolean;
};

/** What `localStorage["equilibre-consent"]` holds: the choice, when it was made (ISO 8601), and its version. */
export type ConsentChoice = ConsentPurposes & { version: number; date: string };

/** The stored choice; none until the visitor chooses (the banner shows), or when it was made for another version. */
export type ConsentState = { choice: ConsentChoice | null; open: boolean };

const read = (): ConsentChoice | null => {
  try {
    const stored = JSON.parse(readStorage(STORAGE_KEYS.consent) ?? 'null') as Partial<ConsentChoice> | null;
    const { version, date, analytics, advertising } = stored ?? {};
    if (version !== CONSENT_VERSION || typeof date !== 'string') return null;
    if (typeof analytics !== 'boolean' || typeof advertising !== 'boolean') return null;
    return { version, date, analytics, advertising };
  } catch {
    return null;
  }
};

let state: ConsentState = { choice: read(), open: false };
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();
const set = (next: ConsentState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// A choice made in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.consent || event.key === null) set({ ...state, choice: read() });
  });
}

/** The visitor's choice and whether the choices are open again (from « Gérer les cookies »). */
export const useConsent = () => useSyncExternalStore(subscribe, () => state);

/** Whether the visitor accepted `purpose` (never before they chose). */
export const hasConsent = (purpose: keyof ConsentPurposes) => state.choice?.[purpose] === true;

/** Stores a choice (dated, versioned) and closes the choices. */
export const saveConsent = (purposes: ConsentPurposes) => {
  const choice: ConsentChoice = { ...purposes, version: CONSENT_VERSION, date: new Date().toISOString() };
  writeStorage(STORAGE_KEYS.consent, JSON.stringify(choice));
  set({ choice, open: false });
};

/** Opens the choices again (the footer's « Gérer les cookies »); focus goes back to `from` when they close. */
export const openConsentSettings = (from?: HTMLElement | null) => {
  opener = from ?? null;
  set({ ...state, open: true });
};

/** Closes the reopened choices unchanged. */
export const closeConsentSettings = () => set({ ...state, open: false });

/** The control that reopened the choices, once (for the focus to go back to it). */
export const takeConsentOpener = () => {
  const element = opener;
  opener = null;
  return element;
};

/** For tests: reload from storage. */
export const reloadConsent = () => set({ choice: read(), open: false });
