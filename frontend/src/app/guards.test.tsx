import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

describe('client area guard', () => {
  it('asks no session this browser never signed in to: a visitor is sent on without a refused request', async () => {
    const fetch = stubFetch();
    const { router } = renderApp('/consultant/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate('/client/my-booking');
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/client/sign-in'));
    expect(fetch.requests.filter((r) => r.path.endsWith('/session'))).toEqual([]);
  });

  it('sends a stranger to the client sign-in, remembers the wanted path, and returns there after signing in', async () => {
    let signedIn = false;
    const fetch = stubFetch({
      'GET /api/client/session': () =>
        signedIn ? json(sessionFor('client')) : apiError(401, 'not_signed_in', 'Non connecté.'),
      'POST /api/client/sign-in': () => {
        signedIn = true;
        return json(sessionFor('client'));
      },
    });
    const { router } = renderApp('/client/change-password?from=mail');

    await waitFor(() => expect(router.state.location.pathname).toBe('/public/client/sign-in'));
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBe('/client/change-password?from=mail');

    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/E-mail/), 'camille@example.org');
    await user.type(screen.getByLabelText(/Mot de passe/), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/client/change-password'));
    expect(router.state.location.search).toBe('?from=mail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Changer le mot de passe' })).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBeNull();
    expect(fetch.calls('POST', '/api/client/sign-in')[0].body).toEqual({
      email: 'camille@example.org',
      password: 'a long enough password',
    });
  });

  it('goes to the client dashboard after signing in when no path was remembered', async () => {
    stubFetch({ 'POST /api/client/sign-in': () => json(sessionFor('client', 'Léa')) });
    const { router } = renderApp('/client/sign-in');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/E-mail/), 'lea@example.org');
    await user.type(screen.getByLabelText(/Mot de passe/), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Bonjour, Léa !' })).toBeTruthy();
  });

  it('shows the server’s message on a failed sign-in and stays on the page', async () => {
    stubFetch({
      'POST /api/consultant/sign-in': () => apiError(401, 'invalid_credentials', 'E-mail ou mot de passe incorrect.'),
    });
    const { router } = renderApp('/consultant/sign-in');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/E-mail/), 'x@example.org');
    await user.type(screen.getByLabelText(/Mot de passe/), 'wrong password!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toContain('E-mail ou mot de passe incorrect.');
    expect(router.state.location.pathname).toBe('/consultant/sign-in');
  });

  it('lets a signed-in admin in, with the page header, and signs out home', async () => {
    const fetch = stubFetch({
      'GET /api/admin-panel/session': () => json(sessionFor('admin', 'Alex')),
      'POST /api/admin-panel/sign-out': () => new Response(null, { status: 204 }),
    });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Bonjour, Alex !' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
    expect(screen.getByText('Vue d’ensemble de la plateforme')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /Menu du compte/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetch.calls('POST', '/api/admin-panel/sign-out')).toHaveLength(1);
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.persistedState) ?? '{}') as {
      auth: { admin: { status: boolean } };
    };
    expect(stored.auth.admin).toEqual({ role: 'admin', status: false });
  });
});
