import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, json, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const user = () => userEvent.setup({ delay: null });
const challenge = (second_factor: 'code' | 'enrol') => () =>
  json({ second_factor, challenge: `ch-${second_factor}`, expires_in_seconds: 300 }, { status: 202 });
const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const WRONG = 'Ce code n’est pas valide (ou a déjà servi).';

const signIn = async (email = 'camille@example.org') => {
  const u = user();
  await u.type(await screen.findByLabelText(/E-mail/), email);
  await u.type(screen.getByLabelText(/Mot de passe/), 'a long enough password');
  await u.click(screen.getByRole('button', { name: 'Se connecter' }));
  return u;
};

describe('sign-in second factor', () => {
  it('asks for the app code after a 202 "code", then signs in like a normal sign-in', async () => {
    const fetch = stubFetch({
      'POST /api/client/sign-in': challenge('code'),
      'POST /api/client/sign-in/second-factor': () => json(sessionFor('client', 'Léa')),
    });
    const { router, queryClient } = renderApp('/client/sign-in');
    const u = await signIn();

    const field = await screen.findByLabelText('Code à 6 chiffres');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(field));
    // Not signed in yet: no session in the cache, still on the sign-in page.
    expect(queryClient.getQueryData(['session', 'client'])).toBeUndefined();
    expect(router.state.location.pathname).toBe('/client/sign-in');

    await u.type(field, '123456');
    await u.click(screen.getByRole('button', { name: 'Vérifier' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/client/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Bonjour, Léa !' })).toBeTruthy();
    expect(screen.getByText('Bienvenue, Léa !')).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/sign-in/second-factor').map((r) => r.body)).toEqual([
      { challenge: 'ch-code', code: '123456' },
    ]);
  });

  it('shows a wrong code on the field, checks the format locally, and takes a recovery code', async () => {
    const fetch = stubFetch({
      'POST /api/consultant/sign-in': challenge('code'),
      'POST /api/consultant/sign-in/second-factor': ({ body }: StubRequest) =>
        (body as { code: string }).code === 'abcde-12345'
          ? json(sessionFor('consultant', 'Noé'))
          : apiError(400, 'second_factor_invalid', WRONG),
    });
    const { router } = renderApp('/consultant/sign-in');
    const u = await signIn();

    const field = await screen.findByLabelText('Code à 6 chiffres');
    await u.type(field, '12a');
    await u.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Saisissez les 6 chiffres du code.');
    expect(fetch.calls('POST', '/api/consultant/sign-in/second-factor')).toHaveLength(0);

    await u.clear(field);
    await u.type(field, '000000');
    await u.click(screen.getByRole('button', { name: 'Vérifier' }));
    const alert = await screen.findByText(WRONG);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    expect(router.state.location.pathname).toBe('/consultant/sign-in');

    await u.click(screen.getByRole('button', { name: 'Utiliser un code de secours' }));
    const recovery = screen.getByLabelText('Code de secours');
    expect(recovery.getAttribute('inputmode')).toBe('text');
    await u.type(recovery, 'abcde-12345');
    await u.click(screen.getByRole('button', { name: 'Vérifier' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consultant/dashboard'));
    expect(fetch.calls('POST', '/api/consultant/sign-in/second-factor').map((r) => r.body)).toEqual([
      { challenge: 'ch-code', code: '000000' },
      { challenge: 'ch-code', code: 'abcde-12345' },
    ]);
  });

  it('goes back to the password step with the message when the challenge expired, and shows a 429', async () => {
    let answer = () => apiError(429, 'too_many_attempts', 'Trop de tentatives : réessayez dans 30 secondes.');
    stubFetch({
      'POST /api/client/sign-in': challenge('code'),
      'POST /api/client/sign-in/second-factor': () => answer(),
    });
    renderApp('/client/sign-in');
    const u = await signIn();
    await u.type(await screen.findByLabelText('Code à 6 chiffres'), '123456');
    await u.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de tentatives : réessayez dans 30 secondes.');

    answer = () => apiError(400, 'sign_in_challenge_invalid', 'Cette étape de connexion a expiré.');
    await u.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cette étape de connexion a expiré.');
    expect(screen.queryByLabelText('Code à 6 chiffres')).toBeNull();
    // The password step again, the e-mail kept.
    expect(screen.getByLabelText<HTMLInputElement>(/E-mail/).value).toBe('camille@example.org');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });

  it('sets the app up after a 202 "enrol", shows the recovery codes once, then continues to the area', async () => {
    const createObjectURL = vi.fn(() => 'blob:codes');
    // jsdom has no object URLs (the .txt download).
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    onTestFinished(() => {
      delete (URL as Partial<typeof URL>).createObjectURL;
      delete (URL as Partial<typeof URL>).revokeObjectURL;
    });
    const fetch = stubFetch({
      'POST /api/admin-panel/sign-in': challenge('enrol'),
      'POST /api/admin-panel/sign-in/enrolment': () =>
        json({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauth_uri: 'otpauth://totp/Equilibre:alex?secret=JBSW', qr_svg: QR }),
      'POST /api/admin-panel/sign-in/second-factor': ({ body }: StubRequest) =>
        (body as { code: string }).code === '654321'
          ? json({ ...sessionFor('admin', 'Alex'), recovery_codes: CODES })
          : apiError(400, 'second_factor_invalid', WRONG),
    });
    const { router, queryClient } = renderApp('/admin/sign-in');
    const u = await signIn('alex@example.org');
    // user-event puts its own clipboard in place: watch it.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    expect(await screen.findByRole('heading', { name: 'Activez la double authentification' })).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'QR code à scanner avec votre application d’authentification' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa(QR)}`);
    expect(screen.getByTestId('second-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    await u.click(screen.getByRole('button', { name: 'Copier la clé' }));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(screen.getByRole('link', { name: /Ouvrir dans l’application/ }).getAttribute('href')).toContain('otpauth://');
    // Setting the app up offers no recovery code.
    expect(screen.queryByRole('button', { name: 'Utiliser un code de secours' })).toBeNull();

    const field = screen.getByLabelText('Code à 6 chiffres');
    await u.type(field, '111111');
    await u.click(screen.getByRole('button', { name: 'Activer' }));
    expect(await screen.findByText(WRONG)).toBeTruthy();
    await u.clear(field);
    await u.type(field, '654321');
    await u.click(screen.getByRole('button', { name: 'Activer' }));

    const heading = await screen.findByRole('heading', { name: 'Vos codes de secours' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const list = screen.getByRole('list', { name: 'Codes de secours' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    // Signed in on the server, but the area waits until the codes are saved.
    expect(router.state.location.pathname).toBe('/admin/sign-in');
    expect(queryClient.getQueryData(['session', 'admin'])).toBeUndefined();

    await u.click(screen.getByRole('button', { name: 'Copier les codes' }));
    expect(writeText).toHaveBeenLastCalledWith(CODES.join('\n'));
    await u.click(screen.getByRole('button', { name: 'Télécharger (.txt)' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(downloads).toEqual(['equilibre-codes-de-secours.txt']);

    const next = screen.getByRole('button', { name: 'Continuer' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await u.click(screen.getByLabelText('J’ai enregistré mes codes de secours en lieu sûr'));
    await u.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    await waitFor(() => expect(screen.queryByText(CODES[0])).toBeNull());
    expect(fetch.calls('POST', '/api/admin-panel/sign-in/enrolment').map((r) => r.body)).toEqual([
      { challenge: 'ch-enrol' },
    ]);
    // The recovery codes are not kept with the session.
    expect(queryClient.getQueryData(['session', 'admin'])).not.toHaveProperty('recovery_codes');
  });
});
