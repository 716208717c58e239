import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SecondFactorStatus } from '@/lib/auth';
import { apiError, json, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const user = () => userEvent.setup({ delay: null });
const QR = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const CODES = Array.from({ length: 10 }, (_, i) => `new${i}0-fghij`);
const WRONG = 'Ce code n’est pas valide (ou a déjà servi).';
const REAUTH = 'Confirmez qu’il s’agit bien de vous';

/** A signed-in `role` whose second factor is `status` (changed by the handlers). */
const signedIn = (role: 'client' | 'consultant' | 'admin', status: SecondFactorStatus) => {
  const area = role === 'admin' ? 'admin-panel' : role;
  const state = { status };
  const handlers = {
    [`GET /api/${area}/session`]: () => json({ ...sessionFor(role), second_factor: state.status }),
  };
  return { state, area, handlers };
};

/** 403 without a code, 400 with a wrong one, `answer` with 135790. */
const reauthenticated = (answer: () => Response) => (request: StubRequest) => {
  const code = request.headers.get('X-Second-Factor');
  if (code === null) return apiError(403, 'reauthentication_required', 'Confirmez cette action avec un code.');
  return code === '135790' ? answer() : apiError(400, 'second_factor_invalid', WRONG);
};

const confirmWithCode = async (u: ReturnType<typeof user>, code = '135790') => {
  const dialog = await screen.findByRole('dialog', { name: REAUTH });
  await u.type(within(dialog).getByLabelText('Code à 6 chiffres'), code);
  await u.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: REAUTH })).toBeNull());
};

describe('security panel', () => {
  it('is in the area menu next to the password, and turns the second factor on: set-up, codes once, status', async () => {
    const { state, handlers } = signedIn('client', { enabled: false, required: false, recovery_codes_left: 0 });
    const fetch = stubFetch({
      ...handlers,
      'POST /api/client/second-factor/enrolment': () =>
        json({ secret: 'ABCDEFGHIJKLMNOP', otpauth_uri: 'otpauth://totp/x', qr_svg: QR }),
      'POST /api/client/second-factor': ({ body }: StubRequest) => {
        if ((body as { code: string }).code !== '424242') return apiError(400, 'second_factor_invalid', WRONG);
        state.status = { enabled: true, required: false, recovery_codes_left: 10 };
        return json({ recovery_codes: CODES });
      },
    });
    renderApp('/client/dashboard');
    const u = user();
    const menu = await screen.findByRole('navigation', { name: 'Menu Espace client' });
    await u.click(within(menu).getByRole('link', { name: 'Sécurité' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sécurité' })).toBeTruthy();
    const panel = await screen.findByTestId('security-panel');
    expect(within(panel).getByTestId('second-factor-status').textContent).toBe('État : désactivée');
    expect(within(panel).queryByRole('button', { name: 'Désactiver la double authentification' })).toBeNull();

    await u.click(within(panel).getByRole('button', { name: 'Activer la double authentification' }));
    const qr = await within(panel).findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(within(panel).getByTestId('second-factor-secret').textContent).toBe('ABCD EFGH IJKL MNOP');

    const field = within(panel).getByLabelText('Code à 6 chiffres');
    await u.type(field, '999999');
    await u.click(within(panel).getByRole('button', { name: 'Activer' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(WRONG);
    await u.clear(field);
    await u.type(field, '424242');
    await u.click(within(panel).getByRole('button', { name: 'Activer' }));

    const codes = await screen.findByTestId('recovery-codes-list');
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(screen.getByText('La double authentification est activée.')).toBeTruthy();
    await u.click(screen.getByLabelText('J’ai enregistré mes codes de secours en lieu sûr'));
    await u.click(screen.getByRole('button', { name: 'Terminé' }));

    // Shown once: back to the status, read again from the session.
    expect(screen.queryByTestId('recovery-codes-list')).toBeNull();
    expect((await screen.findByTestId('second-factor-status')).textContent).toBe('État : activée');
    expect(screen.getByTestId('recovery-codes-left').textContent).toBe('Il vous reste 10 codes de secours.');
    expect(fetch.calls('POST', '/api/client/second-factor').map((r) => r.body)).toEqual([
      { code: '999999' },
      { code: '424242' },
    ]);
    expect(fetch.calls('GET', '/api/client/session').length).toBeGreaterThanOrEqual(2);
  });

  it('turns it off after a code in the re-authentication dialog, and warns when few recovery codes are left', async () => {
    const { state, handlers } = signedIn('consultant', { enabled: true, required: false, recovery_codes_left: 2 });
    const fetch = stubFetch({
      ...handlers,
      'DELETE /api/consultant/second-factor': reauthenticated(() => {
        state.status = { enabled: false, required: false, recovery_codes_left: 0 };
        return new Response(null, { status: 204 });
      }),
    });
    renderApp('/consultant/security');
    const u = user();
    expect((await screen.findByTestId('second-factor-status')).textContent).toBe('État : activée');
    expect(screen.getByTestId('recovery-codes-left').textContent).toBe('Il vous reste 2 codes de secours.');
    expect(screen.getByTestId('recovery-codes-low').textContent).toContain('peu de codes de secours');

    const off = screen.getByRole('button', { name: 'Désactiver la double authentification' });
    await u.click(off);
    expect((off as HTMLButtonElement).disabled).toBe(true);
    await confirmWithCode(u);

    expect(await screen.findByText('La double authentification est désactivée.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('second-factor-status').textContent).toBe('État : désactivée'));
    expect(fetch.calls('DELETE', '/api/consultant/second-factor').map((r) => r.headers.get('X-Second-Factor'))).toEqual([
      null,
      '135790',
    ]);
  });

  it('makes new recovery codes (re-authenticated) and shows them once', async () => {
    const { state, handlers } = signedIn('client', { enabled: true, required: false, recovery_codes_left: 7 });
    stubFetch({
      ...handlers,
      'POST /api/client/second-factor/recovery-codes': reauthenticated(() => {
        state.status = { enabled: true, required: false, recovery_codes_left: 10 };
        return json({ recovery_codes: CODES });
      }),
    });
    renderApp('/client/security');
    const u = user();
    expect(screen.queryByTestId('recovery-codes-low')).toBeNull();
    await u.click(await screen.findByRole('button', { name: 'Générer de nouveaux codes de secours' }));
    await confirmWithCode(u);
    expect(within(await screen.findByTestId('recovery-codes-list')).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Nouveaux codes de secours créés : les anciens ne fonctionnent plus.')).toBeTruthy();
    await u.click(screen.getByLabelText('J’ai enregistré mes codes de secours en lieu sûr'));
    await u.click(screen.getByRole('button', { name: 'Terminé' }));
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toBe('Il vous reste 10 codes de secours.');
  });

  it('keeps an administrator’s second factor on: no way to turn it off, and why', async () => {
    const { handlers } = signedIn('admin', { enabled: true, required: true, recovery_codes_left: 9 });
    stubFetch(handlers);
    renderApp('/admin/security');
    expect(
      await screen.findByText(
        'La double authentification est obligatoire pour les administrateurs : elle ne peut pas être désactivée.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Générer de nouveaux codes de secours' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Désactiver la double authentification' })).toBeNull();
  });
});
