import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const user = () => userEvent.setup({ delay: null });

describe('password forms', () => {
  it('forgot password always shows the same neutral confirmation', async () => {
    const fetch = stubFetch({ 'POST /api/consultant/forgot-password': () => new Response(null, { status: 202 }) });
    renderApp('/public/consultant/forget-password');
    await user().type(await screen.findByLabelText(/E-mail/), 'nobody@example.org');
    await user().click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    // The page's own status (the footer's newsletter form has one too).
    const confirmation = await screen.findByText(/Si un compte existe pour cette adresse/, {}, { timeout: 3000 });
    expect(confirmation.closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('POST', '/api/consultant/forgot-password')[0].body).toEqual({ email: 'nobody@example.org' });
  });

  it('resets the password with the token and e-mail of the link, then goes to sign-in', async () => {
    const fetch = stubFetch({ 'POST /api/admin-panel/reset-password': () => new Response(null, { status: 204 }) });
    const { router } = renderApp('/admin/verify/tok-123/alex%40example.org');
    await user().type(await screen.findByLabelText(/^Nouveau mot de passe/), 'a brand new password');
    await user().type(screen.getByLabelText(/Confirmez/), 'a brand new password');
    await user().click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/admin/sign-in'));
    expect(fetch.calls('POST', '/api/admin-panel/reset-password')[0].body).toEqual({
      token: 'tok-123',
      email: 'alex@example.org',
      password: 'a brand new password',
    });
  });

  it('checks the new password locally (12 characters, confirmation)', async () => {
    const fetch = stubFetch();
    renderApp('/client/verify/tok/a@b.org');
    await user().type(await screen.findByLabelText(/^Nouveau mot de passe/), 'short');
    await user().type(screen.getByLabelText(/Confirmez/), 'different');
    await user().click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Le mot de passe doit comporter au moins 12 caractères.')).toBeTruthy();
    expect(screen.getByText('Les deux mots de passe ne correspondent pas.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/reset-password')).toHaveLength(0);
  });

  it('change password puts a wrong current password on its field', async () => {
    stubFetch({
      'GET /api/consultant/session': () => json(sessionFor('consultant')),
      'POST /api/consultant/change-password': () => apiError(400, 'wrong_password', 'Mot de passe actuel incorrect.'),
    });
    renderApp('/consultant/change-password');
    const current = await screen.findByLabelText(/Mot de passe actuel/);
    await user().type(current, 'not my password');
    await user().type(screen.getByLabelText(/^Nouveau mot de passe/), 'a brand new password');
    await user().type(screen.getByLabelText(/Confirmez/), 'a brand new password');
    await user().click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    const message = await screen.findByText('Mot de passe actuel incorrect.');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('change password confirms success with a polite toast', async () => {
    const fetch = stubFetch({
      'GET /api/client/session': () => json(sessionFor('client')),
      'POST /api/client/change-password': () => new Response(null, { status: 204 }),
    });
    renderApp('/client/change-password');
    await user().type(await screen.findByLabelText(/Mot de passe actuel/), 'my old password!');
    await user().type(screen.getByLabelText(/^Nouveau mot de passe/), 'a brand new password');
    await user().type(screen.getByLabelText(/Confirmez/), 'a brand new password');
    await user().click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect((await screen.findByRole('status')).textContent).toContain('Votre mot de passe a été modifié');
    expect(fetch.calls('POST', '/api/client/change-password')[0].body).toEqual({
      current_password: 'my old password!',
      new_password: 'a brand new password',
    });
  });
});
