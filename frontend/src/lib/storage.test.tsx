import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { STORAGE_KEYS } from './storage';

const ALLOWED = new Set<string>(Object.values(STORAGE_KEYS));

describe('local storage', () => {
  it('holds only the allowed keys and never a token or personal data, through a whole visit', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    let signedIn = false;
    stubFetch({
      'GET /api/client/session': () =>
        signedIn ? json(sessionFor('client')) : json({ error: { code: 'not_signed_in', message: '' } }, { status: 401 }),
      'POST /api/client/sign-in': () => {
        signedIn = true;
        return json({ ...sessionFor('client'), token: 'eyJhbGciOi.secret.jwt' });
      },
      'POST /api/client/sign-out': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/client/dashboard');

    // Guard redirect, sign-in, back to the dashboard.
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/client/sign-in'));
    // The cookie choice (its purposes, date and version only).
    await user.click(await screen.findByRole('button', { name: 'Tout refuser' }));
    await user.type(await screen.findByLabelText(/E-mail/), 'camille@example.org');
    await user.type(screen.getByLabelText(/Mot de passe/), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await screen.findByRole('heading', { name: 'Bonjour, Camille !' });

    // Sidebar toggle and language switch are remembered.
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: /English/ }));
    await screen.findByRole('heading', { name: 'Hello, Camille!' });

    // Sign out.
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    const keys = setItem.mock.calls.map(([key]) => key);
    expect(keys.length).toBeGreaterThan(3);
    expect(keys.filter((key) => !ALLOWED.has(key))).toEqual([]);
    for (const [key, value] of setItem.mock.calls) {
      expect(key).not.toMatch(/token|jwt|session/i);
      expect(value).not.toMatch(/token|jwt|eyJ|secret|camille@example\.org|account_id/i);
    }
    const state = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.persistedState) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(state).sort()).toEqual(['auth', 'bookingReturn', 'filters', 'language', 'layout']);
    expect(state.layout).toEqual({ layout: 'vertical', sidebarOpened: false });
    expect(state.language).toBe('en');
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedLanguage)).toBe('en');
    const consent = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.consent) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(consent).sort()).toEqual(['advertising', 'analytics', 'date', 'version']);
  });
});
