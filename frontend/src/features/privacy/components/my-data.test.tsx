import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientName } from '@/lib/erased-name';
import { changeLanguage, i18n } from '@/lib/i18n';
import { apiError, json, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const user = () => userEvent.setup({ delay: null });
/** 23:30 UTC: already Saturday in the account's zone (Paris), still Friday in UTC. */
const ERASE_AT = '2030-03-22T23:30:00Z';
const DUE_TEXT = 'Votre compte sera supprimé le samedi 23 mars 2030.';
const WRONG = 'Le code est incorrect.';
const REAUTH = 'Confirmez qu’il s’agit bien de vous';

/** A signed-in `role` in Paris whose pending erasure (`state.due`) the handlers change, as the server does. */
const signedIn = (role: 'client' | 'consultant', due: string | null = null) => {
  const state = { due };
  const handlers = {
    [`GET /api/${role}/session`]: () =>
      json({ ...sessionFor(role), timezone: 'Europe/Paris', erasure_due_at: state.due }),
  };
  return { state, handlers };
};

const codeSent = () => json({ resend_after_seconds: 60, expires_in_seconds: 600 }, { status: 202 });

describe('« Mes données »: deleting my account', () => {
  it('is in the area menu next to « Sécurité », says what goes and what stays, and sends the code', async () => {
    const { handlers } = signedIn('client');
    const fetch = stubFetch({ ...handlers, 'POST /api/client/erasure/code': codeSent });
    renderApp('/client/dashboard');
    const u = user();
    const menu = await screen.findByRole('navigation', { name: 'Menu Espace client' });
    const links = within(menu).getAllByRole('link').map((link) => link.textContent);
    expect(links.slice(-2)).toEqual(['Sécurité', 'Mes données']);
    await u.click(within(menu).getByRole('link', { name: 'Mes données' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mes données' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Supprimer mon compte' });
    expect(section.textContent).toContain('14 jours après votre demande');
    expect(within(section).getByRole('heading', { level: 3, name: 'Ce qui est supprimé' })).toBeTruthy();
    expect(section.textContent).toContain('vos réponses au questionnaire de santé');
    expect(section.textContent).toContain('pendant 10 ans, comme l’exige le droit comptable français');
    expect(section.textContent).toContain('sous le nom « Ancien client »');
    expect(section.textContent).toContain('Vos réservations à venir sont annulées et remboursées.');
    expect(section.textContent).toContain('nous envoyons un code à camille@example.org');
    expect(screen.queryByTestId('erasure-banner')).toBeNull();

    await u.click(within(section).getByRole('button', { name: 'Recevoir un code de confirmation' }));
    const field = await within(section).findByLabelText(/^Code reçu par e-mail/);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(within(section).getByText('Le code à 6 chiffres envoyé à camille@example.org, valable 10 minutes.')).toBeTruthy();
    const toast = await screen.findByText('Un code de confirmation vous a été envoyé par e-mail.');
    expect(toast.closest('[role="status"]')).toBeTruthy();
    // The resend waits for the server's delay.
    const resend = within(section).getByRole<HTMLButtonElement>('button', { name: /^Renvoyer le code \(dans \d+ s\)$/ });
    expect(resend.disabled).toBe(true);
    expect(fetch.calls('POST', '/api/client/erasure/code')).toHaveLength(1);
    expect(fetch.calls('POST', '/api/client/erasure/code')[0].headers.get('X-Requested-With')).toBe('equilibre');
  });

  it('says a refused code on its field, then confirms and shows the date in the account’s zone, with the banner', async () => {
    const { state, handlers } = signedIn('client');
    const fetch = stubFetch({
      ...handlers,
      'POST /api/client/erasure/code': codeSent,
      'POST /api/client/erasure': ({ body }: StubRequest) => {
        if ((body as { code: string }).code !== '424242') return apiError(400, 'otp_invalid', WRONG);
        state.due = ERASE_AT;
        return json({ erase_at: ERASE_AT });
      },
    });
    renderApp('/client/my-data');
    const u = user();
    const section = await screen.findByRole('region', { name: 'Supprimer mon compte' });
    await u.click(within(section).getByRole('button', { name: 'Recevoir un code de confirmation' }));
    const field = await within(section).findByLabelText(/^Code reçu par e-mail/);

    // Not six digits: refused here, nothing sent.
    await u.type(field, '12');
    await u.click(within(section).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await within(section).findByText('Saisissez le code à 6 chiffres.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/erasure')).toHaveLength(0);

    await u.clear(field);
    await u.type(field, '999999');
    await u.click(within(section).getByRole('button', { name: 'Supprimer mon compte' }));
    const error = await within(section).findByText(WRONG);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.queryByTestId('erasure-due')).toBeNull();

    await u.clear(field);
    await u.type(field, '424242');
    await u.click(within(section).getByRole('button', { name: 'Supprimer mon compte' }));
    const due = await within(section).findByTestId('erasure-due');
    expect(due.textContent).toBe(DUE_TEXT);
    await waitFor(() => expect(document.activeElement).toBe(due));
    expect((await screen.findByText('Votre demande de suppression est enregistrée.')).closest('[role="status"]')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Annuler la suppression' })).toBeTruthy();
    expect(within(section).queryByLabelText(/^Code reçu par e-mail/)).toBeNull();

    // The area's banner says it on every page, politely, with the way back here.
    const banner = await screen.findByTestId('erasure-banner');
    expect(banner.getAttribute('role')).toBe('status');
    expect(within(banner).getByText(DUE_TEXT)).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Gérer la suppression' }).getAttribute('href')).toBe('/client/my-data');
    expect(fetch.calls('POST', '/api/client/erasure').map((r) => r.body)).toEqual([{ code: '999999' }, { code: '424242' }]);
  });

  it('cancels the pending erasure: the banner goes and a new code can be asked for', async () => {
    const { state, handlers } = signedIn('client', ERASE_AT);
    const fetch = stubFetch({
      ...handlers,
      'DELETE /api/client/erasure': () => {
        state.due = null;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/client/my-data');
    const u = user();
    const section = await screen.findByRole('region', { name: 'Supprimer mon compte' });
    expect((await within(section).findByTestId('erasure-due')).textContent).toBe(DUE_TEXT);
    expect(within(await screen.findByTestId('erasure-banner')).getByText(DUE_TEXT)).toBeTruthy();

    await u.click(within(section).getByRole('button', { name: 'Annuler la suppression' }));
    expect((await screen.findByText('La suppression de votre compte est annulée.')).closest('[role="status"]')).toBeTruthy();
    expect(await within(section).findByRole('button', { name: 'Recevoir un code de confirmation' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByRole('heading', { level: 2 })));
    expect(screen.queryByTestId('erasure-banner')).toBeNull();
    expect(within(section).queryByTestId('erasure-due')).toBeNull();
    expect(fetch.calls('DELETE', '/api/client/erasure')).toHaveLength(1);
  });

  it('says why a cancellation is refused, and shows what the server now knows', async () => {
    const { state, handlers } = signedIn('client', ERASE_AT);
    stubFetch({
      ...handlers,
      'DELETE /api/client/erasure': () => {
        // Cancelled meanwhile in another tab.
        state.due = null;
        return apiError(409, 'erasure_not_requested', 'Aucune suppression de compte n’est en attente.');
      },
    });
    renderApp('/client/my-data');
    const u = user();
    const section = await screen.findByRole('region', { name: 'Supprimer mon compte' });
    await u.click(await within(section).findByRole('button', { name: 'Annuler la suppression' }));
    const alert = await screen.findByText('Aucune suppression de compte n’est en attente.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(await within(section).findByRole('button', { name: 'Recevoir un code de confirmation' })).toBeTruthy();
  });

  it('says a refused code request (too soon) as an alert', async () => {
    const { handlers } = signedIn('consultant');
    stubFetch({
      ...handlers,
      'POST /api/consultant/erasure/code': () =>
        apiError(429, 'otp_resend_too_soon', 'Patientez avant de redemander un code.'),
    });
    renderApp('/consultant/my-data');
    const u = user();
    const section = await screen.findByRole('region', { name: 'Supprimer mon compte' });
    // A consultant's own list: the expert page, not the health answers.
    expect(section.textContent).toContain('votre page d’expert');
    expect(section.textContent).not.toContain('questionnaire de santé');
    expect(section.textContent).toContain('Vos rendez-vous à venir sont annulés et vos clients remboursés.');
    await u.click(within(section).getByRole('button', { name: 'Recevoir un code de confirmation' }));
    const alert = await screen.findByText('Patientez avant de redemander un code.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(within(section).queryByLabelText(/^Code reçu par e-mail/)).toBeNull();
  });

  it('asks an account with a second factor for a code (re-authentication dialog), then confirms', async () => {
    const { state, handlers } = signedIn('consultant');
    const fetch = stubFetch({
      ...handlers,
      'POST /api/consultant/erasure/code': codeSent,
      'POST /api/consultant/erasure': (request: StubRequest) => {
        if (request.headers.get('X-Second-Factor') !== '135790') {
          return apiError(403, 'reauthentication_required', 'Confirmez cette action avec un code.');
        }
        state.due = ERASE_AT;
        return json({ erase_at: ERASE_AT });
      },
    });
    renderApp('/consultant/my-data');
    const u = user();
    const section = await screen.findByRole('region', { name: 'Supprimer mon compte' });
    await u.click(within(section).getByRole('button', { name: 'Recevoir un code de confirmation' }));
    await u.type(await within(section).findByLabelText(/^Code reçu par e-mail/), '424242');
    await u.click(within(section).getByRole('button', { name: 'Supprimer mon compte' }));

    const dialog = await screen.findByRole('dialog', { name: REAUTH });
    await u.type(within(dialog).getByLabelText('Code à 6 chiffres'), '135790');
    await u.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect((await within(section).findByTestId('erasure-due')).textContent).toBe(DUE_TEXT);
    expect(
      fetch.calls('POST', '/api/consultant/erasure').map((r) => [r.headers.get('X-Second-Factor'), r.body]),
    ).toEqual([
      [null, { code: '424242' }],
      ['135790', { code: '424242' }],
    ]);
  });

  it('shows the date in English in the banner and on the page', async () => {
    const { handlers } = signedIn('client', ERASE_AT);
    stubFetch(handlers);
    await changeLanguage('en');
    renderApp('/client/my-data');
    const due = await screen.findByTestId('erasure-due');
    expect(due.textContent).toMatch(/^Your account will be deleted on Saturday,? 23 March 2030\.$/);
    expect(within(screen.getByTestId('erasure-banner')).getByRole('link', { name: 'Manage the deletion' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel the deletion' })).toBeTruthy();
  });
});

describe('a forgotten client’s name (`[erased]`)', () => {
  it('reads « Ancien client » / “Former client”, other names and no name as they are', async () => {
    expect(clientName('[erased]', i18n.t)).toBe('Ancien client');
    expect(clientName('Camille Martin', i18n.t)).toBe('Camille Martin');
    expect(clientName(null, i18n.t)).toBeNull();
    expect(clientName(undefined, i18n.t)).toBeUndefined();
    await changeLanguage('en');
    expect(clientName('[erased]', i18n.t)).toBe('Former client');
  });
});

describe('« Mes données »: downloading my data', () => {
  it('links to the archive of the area’s own account, saved by the browser', async () => {
    for (const role of ['client', 'consultant'] as const) {
      const { handlers } = signedIn(role);
      stubFetch(handlers);
      const { unmount } = renderApp(`/${role}/my-data`);
      const section = await screen.findByRole('region', { name: 'Télécharger mes données' });
      expect(section.textContent).toContain('README.txt');
      const link = within(section).getByRole('link', { name: 'Télécharger mes données (ZIP)' });
      expect(link.getAttribute('href')).toBe(`/api/${role}/my-data`);
      expect(link.hasAttribute('download')).toBe(true);
      unmount();
    }
  });
});
