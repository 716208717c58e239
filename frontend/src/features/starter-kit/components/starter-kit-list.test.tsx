import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { StarterKitRequest } from '../api/starter-kit-requests';

const LIST = '/api/admin-panel/starter-kit-requests';
const user = () => userEvent.setup({ delay: null });
const request = (id: string, name: string): StarterKitRequest => ({
  request_id: id,
  name,
  email: `${id}@example.org`,
  language: 'fr',
  requested_at: '2030-03-05T09:30:00Z',
});
const setup = (extra: Record<string, StubHandler> = {}) =>
  stubFetch({
    'GET /api/admin-panel/session': () => json(sessionFor('admin')),
    [`GET ${LIST}`]: () => json({ items: [request('r1', 'Léa Petit'), request('r2', 'Paul Roux')], total: 2, page: 1, page_size: 20 }),
    ...extra,
  });

describe('admin starter-kit requests (/admin/view-user-starter-kit-requests)', () => {
  it('lists who asked, searches, exports the same search', async () => {
    const fetch = setup();
    renderApp('/admin/view-user-starter-kit-requests');
    expect(await screen.findByText('2 demandes')).toBeTruthy();
    const [, first] = within(screen.getByRole('table', { name: 'Demandes de kit de démarrage' })).getAllByRole('row');
    expect(within(first).getByRole('rowheader').textContent).toBe('Léa Petit');
    expect(within(first).getByRole('link', { name: 'r1@example.org' }).getAttribute('href')).toBe('mailto:r1@example.org');
    expect(within(first).getByText('Français')).toBeTruthy();
    const u = user();
    await u.type(screen.getByRole('searchbox', { name: 'Rechercher (nom, e-mail)' }), 'léa');
    await u.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() =>
      expect(Object.fromEntries(fetch.calls('GET', LIST).at(-1)!.url.searchParams)).toEqual({ search: 'léa', page: '1', page_size: '20' }),
    );
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(
      '/api/admin-panel/starter-kit-requests/export.csv?search=l%C3%A9a',
    );
  });

  it('deletes a request after confirmation, not before', async () => {
    const fetch = setup({ [`DELETE ${LIST}/r2`]: () => new Response(null, { status: 204 }) });
    renderApp('/admin/view-user-starter-kit-requests');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Supprimer la demande de Paul Roux' }));
    const dialog = await screen.findByRole('dialog', { name: /^Supprimer cette demande/ });
    await u.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(fetch.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Supprimer la demande de Paul Roux' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer définitivement' }));
    expect((await screen.findByText('Demande supprimée.')).closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('DELETE', `${LIST}/r2`)).toHaveLength(1);
  });
});
