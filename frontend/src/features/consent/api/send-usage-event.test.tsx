import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { givenConsent } from '@/testing/consent';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const session = (role: 'client' | 'consultant') => ({
  [`GET /api/${role}/session`]: () => json(sessionFor(role)),
});
const recorded = () => new Response(JSON.stringify({ recorded: true }), { status: 202 });
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('usage events', () => {
  it.each([
    ['client', '/client/dashboard', 'dashboard'],
    ['client', '/client/my-booking', 'bookings'],
    ['client', '/client/view-complaint-by-me', 'complaints_by_me'],
    ['consultant', '/consultant/dashboard', 'dashboard'],
    ['consultant', '/consultant/my-booking', 'bookings'],
    ['consultant', '/consultant/view-complaint-by-me', 'complaints_by_me'],
    ['consultant', '/consultant/view-complaint-against', 'complaints_against_me'],
  ] as const)('with audience measurement accepted, a %s visiting %s sends one %s event', async (role, path, view) => {
    givenConsent({ analytics: true, advertising: false });
    const fetch = stubFetch({ ...session(role), [`POST /api/${role}/usage-events`]: recorded });
    renderApp(path);
    await waitFor(() => expect(fetch.calls('POST', `/api/${role}/usage-events`)).toHaveLength(1));
    const [event] = fetch.calls('POST', `/api/${role}/usage-events`);
    expect(event.body).toEqual({ view });
    expect(event.headers.get('X-Requested-With')).toBe('equilibre');
    await pause();
    expect(fetch.calls('POST', `/api/${role}/usage-events`)).toHaveLength(1);
    expect(fetch.requests.filter((r) => r.path.endsWith('/usage-events'))).toHaveLength(1);
  });

  it('sends nothing before the visitor chooses, after a refusal, or with advertising only', async () => {
    for (const choice of [null, { analytics: false, advertising: false }, { analytics: false, advertising: true }]) {
      if (choice) givenConsent(choice);
      const fetch = stubFetch({ ...session('client'), 'POST /api/client/usage-events': recorded });
      const view = renderApp('/client/dashboard');
      await screen.findByRole('heading', { name: 'Bonjour, Camille !' });
      await pause();
      expect(fetch.requests.filter((r) => r.path.endsWith('/usage-events'))).toEqual([]);
      view.unmount();
    }
  });

  it('counts the visit once measurement is accepted on the screen; a refusal by the server is never shown nor retried', async () => {
    const fetch = stubFetch({
      ...session('client'),
      'GET /api/client/bookings': () => json({ items: [], total: 0, page: 1, page_size: 20 }),
      'POST /api/client/usage-events': () => apiError(500, 'internal', 'Erreur interne du serveur.'),
    });
    const { router } = renderApp('/client/my-booking');
    const banner = await screen.findByRole('region', { name: 'Vos choix de cookies' });
    const user = userEvent.setup();
    await user.click(within(banner).getByRole('button', { name: 'Personnaliser' }));
    await user.click(await within(banner).findByRole('checkbox', { name: 'Mesure d’audience' }));
    await user.click(within(banner).getByRole('button', { name: 'Enregistrer mes choix' }));
    await waitFor(() => expect(fetch.calls('POST', '/api/client/usage-events')).toHaveLength(1));
    expect(fetch.calls('POST', '/api/client/usage-events')[0].body).toEqual({ view: 'bookings' });
    await pause();
    expect(fetch.calls('POST', '/api/client/usage-events')).toHaveLength(1);
    expect(screen.queryByText('Erreur interne du serveur.')).toBeNull();
    expect(screen.queryAllByRole('alert').filter((alert) => alert.textContent)).toEqual([]);

    // Another visit of another screen is another event.
    await act(() => router.navigate('/client/dashboard'));
    await waitFor(() => expect(fetch.calls('POST', '/api/client/usage-events')).toHaveLength(2));
    expect(fetch.calls('POST', '/api/client/usage-events')[1].body).toEqual({ view: 'dashboard' });
  });

  it('is never sent for an administrator', async () => {
    givenConsent({ analytics: true, advertising: true });
    const fetch = stubFetch({ 'GET /api/admin-panel/session': () => json(sessionFor('admin')) });
    renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Bonjour, Camille !' });
    await pause();
    expect(fetch.requests.filter((r) => r.path.endsWith('/usage-events'))).toEqual([]);
  });
});
