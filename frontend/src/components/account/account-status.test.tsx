import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const user = () => userEvent.setup({ delay: null });
const admin = { 'GET /api/admin-panel/session': () => json(sessionFor('admin')) };
const noContent = () => new Response(null, { status: 204 });
const REASON = 'Comportement abusif répété.';

const clientRow = (id: string, account_status: 'active' | 'deactivated') => ({
  id,
  given_name: 'Camille',
  family_name: `Martin ${id}`,
  email: `camille.${id}@example.org`,
  country_of_residence: 'FR',
  registered_at: '2026-02-01T08:00:00Z',
  account_status,
});

const client = (overrides: Record<string, unknown> = {}) => ({
  id: 'k1',
  email: 'camille@example.org',
  registered_at: '2026-02-01T08:00:00Z',
  language: 'fr',
  timezone: 'Europe/Paris',
  profile: { given_name: 'Camille', family_name: 'Martin' },
  account_status: 'active',
  deactivated_at: null,
  deactivation_reason: null,
  ...overrides,
});

describe('account status (admin)', () => {
  it('marks deactivated clients with a "Désactivé" badge in the list, and only them', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin-panel/clients': () =>
        json({ items: [clientRow('k1', 'deactivated'), clientRow('k2', 'active')], total: 2, page: 1, page_size: 20 }),
    });
    renderApp('/admin/client');
    const table = await screen.findByRole('table', { name: 'Clients' });
    const [, deactivated, active] = within(table).getAllByRole('row');
    expect(within(deactivated).getByText('Désactivé')).toBeTruthy();
    expect(within(active).queryByText('Désactivé')).toBeNull();
  });

  it('deactivates a client with a reason of at least 3 characters, then offers to reactivate', async () => {
    let current = client();
    const fetch = stubFetch({
      ...admin,
      'GET /api/admin-panel/clients/k1': () => json(current),
      'POST /api/admin-panel/clients/k1/deactivate': () => {
        current = client({ account_status: 'deactivated', deactivated_at: '2026-11-25T10:00:00Z', deactivation_reason: REASON });
        return noContent();
      },
      'POST /api/admin-panel/clients/k1/reactivate': () => {
        current = client();
        return noContent();
      },
    });
    renderApp('/admin/client/client-profile/k1');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Désactiver le compte' }));
    const dialog = screen.getByRole('dialog', { name: 'Désactiver le compte' });
    const reason = within(dialog).getByRole('textbox', { name: /Motif/ });
    await u.type(reason, 'ab');
    await u.click(within(dialog).getByRole('button', { name: 'Désactiver le compte' }));
    expect(await within(dialog).findByText('Ce texte est trop court.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/clients/k1/deactivate')).toHaveLength(0);

    await u.clear(reason);
    await u.type(reason, `  ${REASON} `);
    await u.click(within(dialog).getByRole('button', { name: 'Désactiver le compte' }));

    expect(await screen.findByRole('button', { name: 'Réactiver le compte' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/clients/k1/deactivate').map((r) => r.body)).toEqual([{ reason: REASON }]);
    expect(screen.getByText(REASON)).toBeTruthy();
    expect(within(screen.getByRole('main')).getAllByText('Désactivé').length).toBeGreaterThan(0);

    await u.click(screen.getByRole('button', { name: 'Réactiver le compte' }));
    await u.click(within(screen.getByRole('dialog', { name: 'Réactiver le compte' })).getByRole('button', { name: 'Réactiver le compte' }));
    expect(await screen.findByRole('button', { name: 'Désactiver le compte' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/clients/k1/reactivate')).toHaveLength(1);
    expect(screen.queryByText(REASON)).toBeNull();
  });

  it('shows the server’s field error on the reason and keeps the dialog open', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin-panel/clients/k1': () => json(client()),
      'POST /api/admin-panel/clients/k1/deactivate': () =>
        apiError(400, 'validation_failed', 'Données invalides.', { reason: 'Ce champ ne doit pas dépasser 500 caractères.' }),
    });
    renderApp('/admin/client/client-profile/k1');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Désactiver le compte' }));
    const dialog = screen.getByRole('dialog', { name: 'Désactiver le compte' });
    await u.type(within(dialog).getByRole('textbox', { name: /Motif/ }), REASON);
    await u.click(within(dialog).getByRole('button', { name: 'Désactiver le compte' }));
    expect(await within(dialog).findByText('Ce champ ne doit pas dépasser 500 caractères.')).toBeTruthy();
  });
});

describe('sign-in of a deactivated account', () => {
  it('shows the server’s message on the form, not only in a passing toast', async () => {
    stubFetch({
      'POST /api/client/sign-in': () =>
        apiError(403, 'account_deactivated', 'Ce compte a été désactivé par l’équipe Equilibre.'),
    });
    renderApp('/public/client/sign-in');
    const u = user();
    await u.type(await screen.findByLabelText(/E-mail/), 'camille@example.org');
    await u.type(screen.getByLabelText(/Mot de passe/), 'un-mot-de-passe-long');
    await u.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((a) => a.textContent === 'Ce compte a été désactivé par l’équipe Equilibre.'),
      ).toBe(true),
    );
  });
});
