import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { changeLanguage } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { DashboardData } from '../api/get-dashboard';

const weeks = [
  { week: '2026-W45', start: '2026-11-02' },
  { week: '2026-W46', start: '2026-11-09' },
  { week: '2026-W47', start: '2026-11-16' },
  { week: '2026-W48', start: '2026-11-23' },
];

const dashboard = (overrides: Partial<DashboardData> = {}): DashboardData => ({
  weeks: 4,
  from: '2026-11-02',
  to: '2026-11-29',
  bookings: weeks.map((w, i) => ({ ...w, confirmed: i === 3 ? 7 : 0, cancelled: i === 3 ? 2 : 0, no_show: i === 2 ? 1 : 0 })),
  revenue: weeks.map((w, i) => ({
    ...w,
    currency: 'EUR',
    paid_minor: i === 3 ? 42000 : 0,
    refunded_minor: i === 3 ? 6050 : 0,
    net_minor: i === 3 ? 35950 : 0,
  })),
  sign_ups: weeks.map((w, i) => ({ ...w, clients: i === 0 ? 3 : 0, consultants: i === 0 ? 1 : 0 })),
  awaiting_review: 5,
  complaints_open_by_age: { under_7_days: 4, from_7_to_30_days: 2, over_30_days: 1 },
  ...overrides,
});

/** Cells of a table's body rows, as text. */
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' ')));

const euros = (minor: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(minor / 100).replace(/\s/g, ' ');

describe('admin dashboard', () => {
  beforeEach(() => {
    // jsdom has no layout: the charts' container asks for resize notices.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('shows the period from the address, the headline figures and each chart’s numbers as a table', async () => {
    const fetch = stubFetch({
      'GET /api/admin-panel/session': () => json(sessionFor('admin')),
      'GET /api/admin-panel/dashboard': () => json(dashboard()),
    });
    renderApp('/admin/dashboard?weeks=4');

    const bookings = await screen.findByRole('table', { name: 'Réservations par semaine (selon le début)' });
    expect(fetch.calls('GET', '/api/admin-panel/dashboard')[0].url.searchParams.get('weeks')).toBe('4');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Les 4 dernières semaines' }).checked).toBe(true);
    expect(within(bookings).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Semaine',
      'Confirmées',
      'Annulées',
      'Absences',
    ]);
    expect(within(bookings).getByRole('rowheader', { name: 'Semaine du 23 novembre 2026 (2026-W48)' })).toBeTruthy();
    expect(cells(bookings)).toEqual([
      ['0', '0', '0'],
      ['0', '0', '0'],
      ['0', '0', '1'],
      ['7', '2', '0'],
    ]);

    const revenue = screen.getByRole('table', { name: 'Chiffre d’affaires par semaine en EUR' });
    expect(cells(revenue).at(-1)).toEqual([euros(42000), euros(6050), euros(35950)]);
    expect(cells(revenue)[0]).toEqual([euros(0), euros(0), euros(0)]);

    const signUps = screen.getByRole('table', { name: 'Inscriptions par semaine' });
    expect(cells(signUps)[0]).toEqual(['3', '1']);

    const awaiting = screen.getByRole('region', { name: 'Consultants en attente de validation' });
    expect(within(awaiting).getByText('5')).toBeTruthy();
    expect(within(awaiting).getByRole('link', { name: 'Examiner les profils soumis' }).getAttribute('href')).toBe(
      '/admin/consultant?status=submitted',
    );
    const complaints = screen.getByRole('region', { name: 'Réclamations ouvertes par ancienneté' });
    expect(within(complaints).getByText('Moins de 7 jours').nextElementSibling?.textContent).toBe('4');
    expect(within(complaints).getByText('De 7 à 30 jours').nextElementSibling?.textContent).toBe('2');
    expect(within(complaints).getByText('Plus de 30 jours').nextElementSibling?.textContent).toBe('1');
    expect(screen.getByText('Du 2 novembre 2026 au 29 novembre 2026 (semaines ISO, heure de Paris)')).toBeTruthy();
  });

  it('keeps a new period in the address and asks for it', async () => {
    const fetch = stubFetch({
      'GET /api/admin-panel/session': () => json(sessionFor('admin')),
      'GET /api/admin-panel/dashboard': (request) =>
        json(dashboard({ weeks: Number(request.url.searchParams.get('weeks')) })),
    });
    const { router } = renderApp('/admin/dashboard');
    await screen.findByRole('table', { name: 'Inscriptions par semaine' });
    expect(fetch.calls('GET', '/api/admin-panel/dashboard')[0].url.searchParams.get('weeks')).toBe('12');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Les 12 dernières semaines' }).checked).toBe(true);

    await userEvent.setup({ delay: null }).click(screen.getByRole('radio', { name: 'Les 52 dernières semaines' }));

    await waitFor(() =>
      expect(fetch.calls('GET', '/api/admin-panel/dashboard').at(-1)!.url.searchParams.get('weeks')).toBe('52'),
    );
    expect(router.state.location.search).toBe('?weeks=52');
  });

  it('says so when no money moved in the period', async () => {
    stubFetch({
      'GET /api/admin-panel/session': () => json(sessionFor('admin')),
      'GET /api/admin-panel/dashboard': () => json(dashboard({ revenue: [] })),
    });
    renderApp('/admin/dashboard?weeks=4');
    expect(await screen.findByText('Aucun paiement ni remboursement sur cette période.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /Chiffre d’affaires/ })).toBeNull();
  });

  it('shows the usage counted with consent as a table, newest week first, for 12 weeks', async () => {
    const fetch = stubFetch({
      'GET /api/admin-panel/session': () => json(sessionFor('admin')),
      'GET /api/admin-panel/dashboard': () => json(dashboard()),
      'GET /api/admin-panel/usage': () =>
        json({
          items: [
            { week: '2026-W48', view: 'dashboard', role: 'client', views: 1234, people: 310 },
            { week: '2026-W48', view: 'complaints_against_me', role: 'consultant', views: 3, people: 2 },
            { week: '2026-W47', view: 'bookings', role: 'consultant', views: 40, people: 12 },
            { week: '2026-W47', view: 'complaints_by_me', role: 'client', views: 5, people: 5 },
          ],
        }),
    });
    renderApp('/admin/dashboard?weeks=4');

    const section = await screen.findByRole('region', { name: 'Fréquentation (avec consentement)' });
    const table = await within(section).findByRole('table', { name: 'Fréquentation (avec consentement)' });
    expect(fetch.calls('GET', '/api/admin-panel/usage')[0].url.searchParams.get('weeks')).toBe('12');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Semaine',
      'Page',
      'Rôle',
      'Vues',
      'Personnes',
    ]);
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual([
      'Semaine 48 de 2026',
      'Semaine 48 de 2026',
      'Semaine 47 de 2026',
      'Semaine 47 de 2026',
    ]);
    expect(cells(table)).toEqual([
      ['Tableau de bord', 'Client', '1 234', '310'],
      ['Réclamations me concernant', 'Consultant', '3', '2'],
      ['Mes réservations', 'Consultant', '40', '12'],
      ['Mes réclamations', 'Client', '5', '5'],
    ]);
  });

  it('says so when no usage was counted', async () => {
    stubFetch({
      'GET /api/admin-panel/session': () => json(sessionFor('admin')),
      'GET /api/admin-panel/dashboard': () => json(dashboard()),
    });
    renderApp('/admin/dashboard');
    const section = await screen.findByRole('region', { name: 'Fréquentation (avec consentement)' });
    expect(await within(section).findByText('Aucune visite enregistrée sur cette période.')).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('says so in English', async () => {
    stubFetch({
      'GET /api/admin-panel/session': () => json(sessionFor('admin')),
      'GET /api/admin-panel/dashboard': () => json(dashboard()),
      'GET /api/admin-panel/usage': () =>
        json({ items: [{ week: '2026-W01', view: 'bookings', role: 'client', views: 1500, people: 2 }] }),
    });
    await changeLanguage('en');
    renderApp('/admin/dashboard');
    const table = await screen.findByRole('table', { name: 'Usage (with consent)' });
    expect(within(table).getByRole('rowheader').textContent).toBe('Week 1 of 2026');
    expect(cells(table)).toEqual([['My bookings', 'Client', '1,500', '2']]);
  });
});
