import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const admin = { 'GET /api/admin-panel/session': () => json(sessionFor('admin')) };
const row = (id: string) => ({
  id,
  given_name: 'Camille',
  family_name: `Martin ${id}`,
  email: `camille.${id}@example.org`,
  country_of_residence: 'FR',
  registered_at: '2026-02-01T08:00:00Z',
});

describe('admin clients', () => {
  it('list: search and pages of 20, links to each profile', async () => {
    const fetch = stubFetch({
      ...admin,
      'GET /api/admin-panel/clients': (request) => {
        const page = Number(request.url.searchParams.get('page'));
        return json({ items: [row(page === 2 ? 'k21' : 'k1')], total: 21, page, page_size: 20 });
      },
    });
    renderApp('/admin/client');
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(within(table).getByRole('link', { name: 'Camille Martin k1' }).getAttribute('href')).toBe(
      '/admin/client/client-profile/k1',
    );
    expect(within(table).getByRole('cell', { name: 'camille.k1@example.org' })).toBeTruthy();
    expect(screen.getByText('21 clients')).toBeTruthy();
    const u = userEvent.setup({ delay: null });
    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByRole('link', { name: 'Camille Martin k21' })).toBeTruthy();
    await u.type(screen.getByRole('searchbox', { name: 'Rechercher (nom, e-mail)' }), 'martin');
    await u.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() =>
      expect(Object.fromEntries(fetch.calls('GET', '/api/admin-panel/clients').at(-1)!.url.searchParams)).toEqual({
        search: 'martin',
        page: '1',
        page_size: '20',
      }),
    );
  });

  it('profile: the account and its registration profile', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin-panel/clients/k1': () =>
        json({
          id: 'k1',
          email: 'camille@example.org',
          registered_at: '2026-02-01T08:00:00Z',
          language: 'fr',
          timezone: 'Europe/Paris',
          profile: { given_name: 'Camille', family_name: 'Martin', nationality: 'FR', spoken_languages: ['fr', 'en'] },
        }),
    });
    renderApp('/admin/client/client-profile/k1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Camille Martin' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('camille@example.org')).toBeTruthy();
    expect(main.getByText('Europe/Paris')).toBeTruthy();
    expect(main.getByText('Nationalité')).toBeTruthy();
    expect(main.getByText('fr, en')).toBeTruthy();
    expect(main.getByRole('link', { name: '← Tous les clients' }).getAttribute('href')).toBe('/admin/client');
  });
});
