import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { NewsletterSubscriber } from '../api/newsletter-subscribers';

const LIST = '/api/admin-panel/newsletter-subscribers';
const user = () => userEvent.setup({ delay: null });

const subscriber = (key: string, overrides: Partial<NewsletterSubscriber> = {}): NewsletterSubscriber => ({
  key,
  email: `${key}@example.org`,
  language: 'fr',
  status: 'confirmed',
  requested_at: '2030-03-05T09:30:00Z',
  confirmed_at: '2030-03-05T10:00:00Z',
  ...overrides,
});

const setup = (extra: Record<string, StubHandler> = {}, items = [subscriber('lea'), subscriber('paul', { status: 'pending', confirmed_at: null, language: 'en' })], total = 2) =>
  stubFetch({
    'GET /api/admin-panel/session': () => json(sessionFor('admin')),
    [`GET ${LIST}`]: ({ url }) => json({ items, total, page: Number(url.searchParams.get('page') ?? 1), page_size: 20 }),
    ...extra,
  });
const lastQuery = (fetch: ReturnType<typeof stubFetch>) => Object.fromEntries(fetch.calls('GET', LIST).at(-1)!.url.searchParams);

describe('admin newsletter subscribers (/admin/view-newsletter-subscribers)', () => {
  it('lists the addresses with their status, from the User Waiting List menu group', async () => {
    const fetch = setup();
    renderApp('/admin/view-newsletter-subscribers');
    expect(await screen.findByText('2 abonnés')).toBeTruthy();
    expect(lastQuery(fetch)).toEqual({ page: '1', page_size: '20' });
    const menu = screen.getByRole('navigation', { name: /Menu/ });
    expect(within(menu).getByRole('button', { name: 'Liste d’attente des utilisateurs' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByRole('link', { name: 'Abonnés à la newsletter' }).getAttribute('aria-current')).toBe('page');
    for (const name of ['Liste d’attente', 'Demandes de kit de démarrage', 'Messages de contact']) {
      expect(within(menu).getByRole('link', { name })).toBeTruthy();
    }
    const [, first, second] = within(screen.getByRole('table', { name: 'Abonnés à la newsletter' })).getAllByRole('row');
    expect(within(first).getByRole('rowheader').textContent).toBe('lea@example.org');
    expect(within(first).getByText('Confirmé')).toBeTruthy();
    expect(within(second).getByText('En attente de confirmation')).toBeTruthy();
    expect(within(second).getByText('Anglais')).toBeTruthy();
    expect(within(second).getByText('—')).toBeTruthy();
  });

  it('filters by status and searches (kept in the address); the export takes both', async () => {
    const fetch = setup({}, [subscriber('lea')], 41);
    const { router } = renderApp('/admin/view-newsletter-subscribers');
    expect(await screen.findByText('41 abonnés')).toBeTruthy();
    const exportLink = () => screen.getByRole('link', { name: 'Exporter en CSV' });
    expect(exportLink().getAttribute('href')).toBe('/api/admin-panel/newsletter-subscribers/export.csv');
    const u = user();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'pending');
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ status: 'pending', page: '1', page_size: '20' }));
    await u.type(screen.getByRole('searchbox', { name: 'Rechercher (e-mail)' }), 'lea');
    await u.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ search: 'lea', status: 'pending', page: '1', page_size: '20' }));
    expect(router.state.location.search).toBe('?search=lea&status=pending');
    expect(exportLink().getAttribute('href')).toBe('/api/admin-panel/newsletter-subscribers/export.csv?search=lea&status=pending');
    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ search: 'lea', status: 'pending', page: '2', page_size: '20' }));
  });

  it('says when there is nobody', async () => {
    setup({}, [], 0);
    renderApp('/admin/view-newsletter-subscribers');
    expect(await screen.findByText('Aucun abonné pour le moment.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('erases an address after confirmation, and keeps the dialog open on a refusal', async () => {
    let items = [subscriber('lea'), subscriber('paul')];
    let refuse = true;
    const fetch = setup({
      [`GET ${LIST}`]: () => json({ items, total: items.length, page: 1, page_size: 20 }),
      [`DELETE ${LIST}/lea`]: () => {
        if (refuse) return apiError(404, 'not_found', 'Cet abonné n’existe plus.');
        items = items.filter((item) => item.key !== 'lea');
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/view-newsletter-subscribers');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Supprimer l’abonné lea@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: /^Supprimer cet abonné/ });
    expect(within(dialog).getByText(/^L’adresse lea@example\.org sera effacée définitivement\./)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect((await screen.findByText('Cet abonné n’existe plus.')).closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    refuse = false;
    const confirm = within(dialog).getByRole('button', { name: 'Supprimer définitivement' });
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    await u.click(confirm);
    expect((await screen.findByText('Abonné supprimé.')).closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.calls('DELETE', `${LIST}/lea`)).toHaveLength(2);
    expect(await screen.findByText('1 abonné')).toBeTruthy();
  });
});
