import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browserTimeZone, formatShortDateTimeIn } from '@/lib/zoned-time';
import { json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { WaitingListEntry } from '../api/waiting-list-entries';

const LIST = '/api/admin-panel/waiting-list';
const user = () => userEvent.setup({ delay: null });
const entry = (id: string, overrides: Partial<WaitingListEntry> = {}): WaitingListEntry => ({
  entry_id: id,
  email: `${id}@example.org`,
  language: 'fr',
  consultant_id: 'e1',
  consultant_name: 'Dr Inès Roux',
  specialization_id: null,
  specialization_name_fr: null,
  specialization_name_en: null,
  from: '2030-03-06',
  to: '2030-03-13',
  joined_at: '2030-03-05T09:30:00Z',
  notified_at: '2030-03-07T08:00:00Z',
  notifications: 2,
  status: 'waiting',
  ...overrides,
});
const items = [
  entry('w1'),
  entry('w2', {
    consultant_id: null,
    consultant_name: null,
    specialization_id: 's2',
    specialization_name_fr: 'Hypnose',
    specialization_name_en: 'Hypnosis',
    notified_at: null,
    notifications: 0,
    status: 'ended',
  }),
];
const setup = (extra: Record<string, StubHandler> = {}) =>
  stubFetch({
    'GET /api/admin-panel/session': () => json(sessionFor('admin')),
    [`GET ${LIST}`]: () => json({ items, total: 2, page: 1, page_size: 20 }),
    ...extra,
  });
const lastQuery = (fetch: ReturnType<typeof stubFetch>) => Object.fromEntries(fetch.calls('GET', LIST).at(-1)!.url.searchParams);

describe('admin waiting list (/admin/view-user-waiting-list)', () => {
  it('shows who waits for which expert or speciality, the days, when joined and mailed, and how many mails', async () => {
    setup();
    renderApp('/admin/view-user-waiting-list');
    expect(await screen.findByText('2 inscriptions')).toBeTruthy();
    const [, first, second] = within(screen.getByRole('table', { name: 'Liste d’attente' })).getAllByRole('row');
    const row = within(first);
    expect(row.getByRole('rowheader').textContent).toBe('w1@example.org');
    expect(row.getByText(/^Expert\s: Dr Inès Roux$/)).toBeTruthy();
    expect(row.getByText(/^du 6 mars 2030 au 13 mars 2030$/)).toBeTruthy();
    expect(row.getByText(formatShortDateTimeIn('2030-03-05T09:30:00Z', browserTimeZone(), 'fr'))).toBeTruthy();
    expect(row.getByText(formatShortDateTimeIn('2030-03-07T08:00:00Z', browserTimeZone(), 'fr'))).toBeTruthy();
    expect(row.getByText('2')).toBeTruthy();
    expect(row.getByText('En attente')).toBeTruthy();
    expect(within(second).getByText(/^Spécialité\s: Hypnose$/)).toBeTruthy();
    expect(within(second).getByText('—')).toBeTruthy();
    expect(within(second).getByText('Terminée')).toBeTruthy();
  });

  it('filters by status and searches; the export follows', async () => {
    const fetch = setup();
    renderApp('/admin/view-user-waiting-list');
    await screen.findByText('2 inscriptions');
    const u = user();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'ended');
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ status: 'ended', page: '1', page_size: '20' }));
    await u.type(screen.getByRole('searchbox', { name: 'Rechercher (e-mail, expert)' }), 'roux');
    await u.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ search: 'roux', status: 'ended', page: '1', page_size: '20' }));
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(
      '/api/admin-panel/waiting-list/export.csv?search=roux&status=ended',
    );
  });

  it('deletes an entry on request after confirmation', async () => {
    const fetch = setup({ [`DELETE ${LIST}/w2`]: () => new Response(null, { status: 204 }) });
    renderApp('/admin/view-user-waiting-list');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Supprimer l’inscription de w2@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: /^Supprimer cette inscription/ });
    expect(within(dialog).getByText(/\(Spécialité\s: Hypnose\)/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect((await screen.findByText('Inscription supprimée.')).closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('DELETE', `${LIST}/w2`)).toHaveLength(1);
  });
});
