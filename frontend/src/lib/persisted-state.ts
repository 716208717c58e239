import { useSyncExternalStore } from 'react';
import { ROLES, type Role } from '@/config/roles';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export type Language = 'fr' | 'en';
export type RoleStatus = { role: Role; status: boolean };

export type DirectoryFilters = {
  keywords: string[];
  disorders: string[];
  objectives: string[];
  languages: string[];
  specialization: string[];
  search: string;
  page: number;
};

export type LayoutState = { layout: 'vertical'; sidebarOpened: boolean };

/** A booking page the client left for a detour (the consent form), to come back to: its path, and when. */
export type BookingReturn = { path: string; at: number };

/** Everything the SPA keeps across reloads, under one key; non-secret by construction. */
export type PersistedState = {
  auth: Record<Role, RoleStatus>;
  language: Language;
  filters: DirectoryFilters;
  layout: LayoutState;
  bookingReturn: BookingReturn | null;
};

export const defaultFilters = (): DirectoryFilters => ({
  keywords: [],
  disorders: [],
  objectives: [],
  languages: [],
  specialization: [],
  search: '',
  page: 1,
});

const defaultState = (): PersistedState => ({
  auth: {
    client: { role: 'client', status: false },
    consultant: { role: 'consultant', status: false },
    admin: { role: 'admin', status: false },
  },
  language: 'fr',
  filters: defaultFilters(),
  layout: { layout: 'vertical', sidebarOpened: true },
  bookingReturn: null,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the stored state, keeping only known, well-typed fields. */
const load = (): PersistedState => {
  const state = defaultState();
  let stored: unknown;
  try {
    stored = JSON.parse(readStorage(STORAGE_KEYS.persistedState) ?? 'null');
  } catch {
    return state;
  }
  if (!isRecord(stored)) return state;
  if (isRecord(stored.auth)) {
    for (const role of ROLES) {
      const entry = stored.auth[role];
      if (isRecord(entry) && typeof entry.status === 'boolean') state.auth[role].status = entry.status;
    }
  }
  if (stored.language === 'en' || stored.language === 'fr') state.language = stored.language;
  if (isRecord(stored.filters)) {
    const f = stored.filters;
    const list = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
    state.filters = {
      keywords: list(f.keywords),
      disorders: list(f.disorders),
      objectives: list(f.objectives),
      languages: list(f.languages),
      specialization: list(f.specialization),
      search: typeof f.search === 'string' ? f.search : '',
      page: typeof f.page === 'number' && f.page >= 1 ? Math.floor(f.page) : 1,
    };
  }
  if (isRecord(stored.layout) && typeof stored.layout.sidebarOpened === 'boolean') {
    state.layout.sidebarOpened = stored.layout.sidebarOpened;
  }
  const back = stored.bookingReturn;
  if (isRecord(back) && typeof back.path === 'string' && typeof back.at === 'number') {
    state.bookingReturn = { path: back.path, at: back.at };
  }
  return state;
};

let state: PersistedState = load();
const listeners = new Set<() => void>();

export const getPersistedState = () => state;

export const updatePersistedState = (change: (current: PersistedState) => PersistedState) => {
  state = change(state);
  writeStorage(STORAGE_KEYS.persistedState, JSON.stringify(state));
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const usePersistedState = <T>(select: (s: PersistedState) => T): T =>
  useSyncExternalStore(subscribe, () => select(state));

export const setRoleStatus = (role: Role, status: boolean) =>
  updatePersistedState((s) => ({ ...s, auth: { ...s.auth, [role]: { role, status } } }));

/** First signed-in role in the spec's order (client, consultant, admin). */
export const firstSignedInRole = (s: PersistedState): Role | null =>
  ROLES.find((role) => s.auth[role].status) ?? null;

/** For tests: reload from storage. */
export const reloadPersistedState = () => {
  state = load();
  listeners.forEach((listener) => listener());
};
