import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const user = () => userEvent.setup({ delay: null });
const REASON = 'Comportement abusif répété.';
const REFUSAL = 'Confirmez cette action avec un code de votre application d’authentification.';
const WRONG = 'Ce code n’est pas valide (ou a déjà servi).';
const DEACTIVATE = 'POST /api/admin-panel/clients/k1/deactivate';

const client = {
  id: 'k1',
  email: 'camille@example.org',
  registered_at: '2026-02-01T08:00:00Z',
  language: 'fr',
  timezone: 'Europe/Paris',
  profile: { given_name: 'Camille', family_name: 'Martin' },
  account_status: 'active',
  deactivated_at: null,
  deactivation_reason: null,
};

/** The server's re-authentication: 403 without the header, 400 with a wrong code, 204 with 246810. */
const sensitive = (request: StubRequest) => {
  const code = request.headers.get('X-Second-Factor');
  if (code === null) return apiError(403, 'reauthentication_required', REFUSAL);
  if (code !== '246810') return apiError(400, 'second_factor_invalid', WRONG);
  return new Response(null, { status: 204 });
};

/** An administrator opens the deactivation dialog of a client and submits a reason. */
const deactivate = async () => {
  const fetch = stubFetch({
    'GET /api/admin-panel/session': () => json(sessionFor('admin')),
    'GET /api/admin-panel/clients/k1': () => json(client),
    [DEACTIVATE]: sensitive,
  });
  renderApp('/admin/client/client-profile/k1');
  const u = user();
  await u.click(await screen.findByRole('button', { name: 'Désactiver le compte' }));
  const form = screen.getByRole('dialog', { name: 'Désactiver le compte' });
  await u.type(within(form).getByRole('textbox', { name: /Motif/ }), REASON);
  const submit = within(form).getByRole('button', { name: 'Désactiver le compte' });
  await u.click(submit);
  const dialog = await screen.findByRole('dialog', { name: 'Confirmez qu’il s’agit bien de vous' });
  return { fetch, u, form, submit, dialog };
};

describe('re-authentication dialog (API client)', () => {
  it('asks for a code on 403 reauthentication_required and sends the same request again with X-Second-Factor', async () => {
    const { fetch, u, dialog } = await deactivate();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const field = within(dialog).getByLabelText('Code à 6 chiffres');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');

    // Focus stays in the dialog.
    within(dialog).getByRole('button', { name: 'Annuler' }).focus();
    await u.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await u.type(field, '111111');
    await u.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    // A wrong code: said in the dialog, which stays open for another try.
    expect((await within(dialog).findByRole('alert')).textContent).toBe(WRONG);
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await u.clear(field);
    await u.type(field, '246810');
    await u.click(within(dialog).getByRole('button', { name: 'Confirmer' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirmez qu’il s’agit bien de vous' })).toBeNull());
    // The calling form got the success of the retried request, as if nothing had happened.
    expect((await screen.findByRole('status')).textContent).toContain('Le compte de Camille Martin est désactivé');
    const calls = fetch.calls('POST', '/api/admin-panel/clients/k1/deactivate');
    expect(calls.map((call) => [call.headers.get('X-Second-Factor'), call.body])).toEqual([
      [null, { reason: REASON }],
      ['111111', { reason: REASON }],
      ['246810', { reason: REASON }],
    ]);
    expect(calls[2].headers.get('X-Requested-With')).toBe('equilibre');
  });

  it('takes a recovery code instead', async () => {
    const { fetch, u, dialog } = await deactivate();
    await u.click(within(dialog).getByRole('button', { name: 'Utiliser un code de secours' }));
    await u.type(within(dialog).getByLabelText('Code de secours'), 'ABCDE-12345');
    await u.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await within(dialog).findByText(WRONG)).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/clients/k1/deactivate')[1].headers.get('X-Second-Factor')).toBe(
      'ABCDE-12345',
    );
  });

  it('on Escape, closes, gives focus back, and the original call rejects with the refusal', async () => {
    const { fetch, u, form, submit } = await deactivate();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirmez qu’il s’agit bien de vous' })).toBeNull());
    // The deactivation form shows the original refusal and stays open.
    expect((await screen.findByText(REFUSAL)).closest('[role="alert"]')).toBeTruthy();
    expect(form.isConnected).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(submit));
    expect(fetch.calls('POST', '/api/admin-panel/clients/k1/deactivate')).toHaveLength(1);
  });

  it('on Cancel after a wrong code, the call still rejects with the original refusal', async () => {
    const { fetch, u, dialog } = await deactivate();
    await u.type(within(dialog).getByLabelText('Code à 6 chiffres'), '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await within(dialog).findByText(WRONG);
    await u.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect((await screen.findByText(REFUSAL)).closest('[role="alert"]')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/clients/k1/deactivate')).toHaveLength(2);
  });
});
