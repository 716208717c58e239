import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browserTimeZone, formatShortDateTimeIn } from '@/lib/zoned-time';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { ContactMessage } from '../api/contact-messages';

const LIST = '/api/admin-panel/contact-messages';
const user = () => userEvent.setup({ delay: null });

const message = (id: string, overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  message_id: id,
  name: 'Léa Petit',
  email: 'lea@example.org',
  phone: '+33 6 12 34 56 78',
  organisation: 'Atelier Petit',
  subject: 'Partenariat',
  message: 'Bonjour,\nje souhaite proposer un atelier.',
  language: 'fr',
  received_at: '2030-03-05T09:30:00Z',
  ...overrides,
});

const setup = (extra: Record<string, StubHandler> = {}, items = [message('m1'), message('m2', { name: 'Paul Roux', email: 'paul@example.org', phone: null, organisation: null, subject: 'Question', language: 'en' })], total = 2) =>
  stubFetch({
    'GET /api/admin-panel/session': () => json(sessionFor('admin')),
    [`GET ${LIST}`]: ({ url }) => json({ items, total, page: Number(url.searchParams.get('page') ?? 1), page_size: 20 }),
    ...extra,
  });
/** The query of the last list request. */
const lastQuery = (fetch: ReturnType<typeof stubFetch>) => Object.fromEntries(fetch.calls('GET', LIST).at(-1)!.url.searchParams);

describe('admin contact-us list (/admin/view-contact-us-list)', () => {
  it('lists the messages: date, name, mailto link, phone, organisation, subject and the message folded', async () => {
    const fetch = setup();
    renderApp('/admin/view-contact-us-list');
    expect(await screen.findByText('2 messages')).toBeTruthy();
    expect(lastQuery(fetch)).toEqual({ page: '1', page_size: '20' });
    expect(screen.getByRole('heading', { level: 1, name: 'Messages de contact' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: /Menu/ });
    const group = within(menu).getByRole('button', { name: 'Liste d’attente des utilisateurs' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    const entry = within(menu).getByRole('link', { name: 'Messages de contact' });
    expect(entry.getAttribute('href')).toBe('/admin/view-contact-us-list');
    expect(entry.getAttribute('aria-current')).toBe('page');

    const [, first, second] = within(screen.getByRole('table', { name: 'Messages de contact' })).getAllByRole('row');
    const row = within(first);
    expect(row.getByRole('rowheader').textContent).toBe('Léa Petit');
    expect(row.getByText(formatShortDateTimeIn('2030-03-05T09:30:00Z', browserTimeZone(), 'fr'))).toBeTruthy();
    expect(row.getByRole('link', { name: 'lea@example.org' }).getAttribute('href')).toBe('mailto:lea@example.org');
    expect(row.getByText('+33 6 12 34 56 78')).toBeTruthy();
    expect(row.getByText('Atelier Petit')).toBeTruthy();
    expect(row.getByText('Partenariat')).toBeTruthy();
    const details = row.getByText('Lire le message').closest('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText(/je souhaite proposer un atelier\./).textContent).toBe('Bonjour,\nje souhaite proposer un atelier.');
    expect(within(details).getByText('Écrit en français')).toBeTruthy();
    await user().click(row.getByText('Lire le message'));
    expect(details.open).toBe(true);
    // A missing phone or organisation shows a dash.
    expect(within(second).getAllByText('—')).toHaveLength(2);
    expect(within(second).getByText('Écrit en anglais')).toBeTruthy();
  });

  it('searches (kept in the address), pages, and exports the same search', async () => {
    const fetch = setup({}, [message('m1')], 41);
    const { router } = renderApp('/admin/view-contact-us-list');
    expect(await screen.findByText('41 messages')).toBeTruthy();
    const exportLink = () => screen.getByRole('link', { name: 'Exporter en CSV' });
    expect(exportLink().getAttribute('href')).toBe('/api/admin-panel/contact-messages/export.csv');
    expect(exportLink().hasAttribute('download')).toBe(true);
    const u = user();
    await u.type(screen.getByRole('searchbox', { name: 'Rechercher (nom, e-mail, organisation, objet)' }), ' atelier petit ');
    await u.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ search: 'atelier petit', page: '1', page_size: '20' }));
    expect(router.state.location.search).toBe('?search=atelier+petit');
    const exportUrl = new URL(exportLink().getAttribute('href')!, 'http://localhost');
    expect(exportUrl.pathname).toBe('/api/admin-panel/contact-messages/export.csv');
    expect(Object.fromEntries(exportUrl.searchParams)).toEqual({ search: 'atelier petit' });

    expect(screen.getByText('Page 1 sur 3')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ search: 'atelier petit', page: '2', page_size: '20' }));
    expect(await screen.findByText('Page 2 sur 3')).toBeTruthy();
    // The export takes the search, not the page.
    expect(Object.fromEntries(new URL(exportLink().getAttribute('href')!, 'http://localhost').searchParams)).toEqual({
      search: 'atelier petit',
    });
  });

  it('says when there is no message, and when none matches', async () => {
    setup({}, [], 0);
    renderApp('/admin/view-contact-us-list');
    expect(await screen.findByText('Aucun message reçu pour le moment.')).toBeTruthy();
    expect(screen.getByText('0 message')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    renderApp('/admin/view-contact-us-list?search=zzz');
    expect(await screen.findByText('Aucun message ne correspond.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error when the list cannot be read', async () => {
    setup({ [`GET ${LIST}`]: () => apiError(500, 'internal', 'Le serveur ne répond pas.') });
    renderApp('/admin/view-contact-us-list');
    const alerts = await screen.findAllByText('Le serveur ne répond pas.');
    expect(alerts.some((node) => node.closest('[role="alert"]'))).toBe(true);
  });

  it('deletes a message after confirmation: DELETE, a toast, the list read again', async () => {
    let items = [message('m1'), message('m2', { name: 'Paul Roux' })];
    const fetch = setup({
      [`GET ${LIST}`]: () => json({ items, total: items.length, page: 1, page_size: 20 }),
      [`DELETE ${LIST}/m1`]: () => {
        items = items.filter((item) => item.message_id !== 'm1');
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/view-contact-us-list');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Supprimer le message de Léa Petit' }));
    const dialog = await screen.findByRole('dialog', { name: /^Supprimer ce message\s\?$/ });
    expect(within(dialog).getByText(/^Le message de Léa Petit \(lea@example\.org\), «\sPartenariat\s», sera effacé définitivement\./)).toBeTruthy();
    const reads = fetch.calls('GET', LIST).length;
    await u.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    const done = await screen.findByText('Message supprimé.');
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('DELETE', `${LIST}/m1`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.calls('GET', LIST).length).toBeGreaterThan(reads);
    expect(await screen.findByText('1 message')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Supprimer le message de Léa Petit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Supprimer le message de Paul Roux' })).toBeTruthy();
  });

  it('keeps the message when the dialog is cancelled', async () => {
    const fetch = setup();
    renderApp('/admin/view-contact-us-list');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Supprimer le message de Léa Petit' }));
    const dialog = await screen.findByRole('dialog', { name: /^Supprimer ce message/ });
    await u.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Supprimer le message de Léa Petit' })).toBeTruthy();
    expect(screen.queryByText('Message supprimé.')).toBeNull();
  });

  it('tells why a deletion failed and keeps the dialog open to try again', async () => {
    setup({ [`DELETE ${LIST}/m1`]: () => apiError(404, 'not_found', 'Ce message n’existe plus.') });
    renderApp('/admin/view-contact-us-list');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Supprimer le message de Léa Petit' }));
    const dialog = await screen.findByRole('dialog', { name: /^Supprimer ce message/ });
    const confirm = within(dialog).getByRole('button', { name: 'Supprimer définitivement' });
    await u.click(confirm);
    const refusal = await screen.findByText('Ce message n’existe plus.');
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
