import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { i18n, initialLanguage } from './i18n';
import { setRoleStatus } from './persisted-state';
import { STORAGE_KEYS } from './storage';

describe('language', () => {
  it('is French by default', () => {
    expect(initialLanguage()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('prefers the stored selectedLanguage', () => {
    window.localStorage.setItem(STORAGE_KEYS.selectedLanguage, 'en');
    expect(initialLanguage()).toBe('en');
    window.localStorage.setItem(STORAGE_KEYS.selectedLanguage, 'de');
    expect(initialLanguage()).toBe('fr');
  });

  it('on a first visit, takes the language of the page the server rendered; a stored choice wins', () => {
    expect(initialLanguage('en')).toBe('en');
    expect(initialLanguage('de')).toBe('fr');
    window.localStorage.setItem(STORAGE_KEYS.selectedLanguage, 'fr');
    expect(initialLanguage('en')).toBe('fr');
  });

  it('switches the whole interface, sets <html lang>, remembers it, and sends Accept-Language', async () => {
    const fetch = stubFetch();
    const { router } = renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'À propos d’Equilibre' });
    expect(fetch.requests[0].headers.get('Accept-Language')).toBe('fr');

    await userEvent.setup().click(screen.getByRole('button', { name: /English/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Equilibre' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /English/ }).getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedLanguage)).toBe('en');
    expect(i18n.resolvedLanguage).toBe('en');

    // Links follow the language, and later requests are in English.
    await userEvent.setup().click(screen.getByRole('link', { name: 'Profile' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    // A browser that signed in before asks for its session (and is refused: signed out since).
    setRoleStatus('client', true);
    await router.navigate('/client/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Sign in — Client area' });
    const session = fetch.calls('GET', '/api/client/session');
    expect(session[0].headers.get('Accept-Language')).toBe('en');
  });
});

describe('French catalogues', () => {
  const catalogues = import.meta.glob<Record<string, unknown>>('../locales/**/fr.json', { eager: true, import: 'default' });
  const texts = (value: unknown, at: string): [string, string][] =>
    typeof value === 'string'
      ? [[at, value]]
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, inner]) => texts(inner, at ? `${at}.${key}` : key))
        : [];

  it('use the typographic apostrophe throughout', () => {
    expect(Object.keys(catalogues).length).toBeGreaterThan(3);
    const straight = Object.entries(catalogues).flatMap(([file, catalogue]) =>
      texts(catalogue, '').filter(([, text]) => text.includes("'")).map(([key]) => `${file}: ${key}`),
    );
    expect(straight).toEqual([]);
  });
});
