import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { registrationOptions } from '@/testing/registration-options';
import { renderApp } from '@/testing/render-app';
// Loaded up front: the lazy route then resolves at once, even on a busy machine.
import './sign-up-page';

/** The form appears once its route and the registration options have loaded: slow on a busy machine. */
const LOADED = { timeout: 10_000 };

const stubRegistration = (extra = {}) =>
  stubFetch({
    'GET /api/public/registration-options': () => json(registrationOptions),
    'POST /api/public/email-otp': () => json({ resend_after_seconds: 60, expires_in_seconds: 600 }, { status: 202 }),
    'POST /api/public/email-otp/verify': () => json({ proof: 'signed-proof' }),
    'POST /api/public/mobile-otp': () => json({ resend_after_seconds: 60, expires_in_seconds: 600 }, { status: 202 }),
    'POST /api/public/mobile-otp/verify': () => json({ proof: 'mobile-proof' }),
    'POST /api/client/sign-up': () => json({ account_id: 'a1' }, { status: 201 }),
    'POST /api/consultant/sign-up': () => json({ account_id: 'c1' }, { status: 201 }),
    ...extra,
  });

/** Fills every field except the e-mail verification. */
const fillEverything = async (user: UserEvent, consultant = false) => {
  await user.selectOptions(await screen.findByLabelText(/Civilité/, undefined, LOADED), 'ms');
  await user.selectOptions(screen.getByLabelText(/Genre/), 'female');
  await user.type(screen.getByLabelText(/Prénom/), 'Camille');
  await user.type(screen.getByLabelText(/Nom de famille/), 'Martin');
  await user.type(screen.getByLabelText(/Date de naissance/), '1990-04-12');
  await user.selectOptions(screen.getByLabelText(/Nationalité/), 'FR');
  if (consultant) {
    await user.type(screen.getByLabelText(/Profession/), 'Naturopathe');
    await user.type(screen.getByLabelText(/Années d’expérience/), '8');
  }
  await user.selectOptions(screen.getByLabelText(/Pays de résidence/), 'FR');
  const main = screen.getByRole('group', { name: 'Numéro de contact' });
  await user.type(within(main).getByLabelText(/Numéro/), '612345678');
  await user.click(within(screen.getByRole('group', { name: /Langues parlées/ })).getByLabelText('Français'));
  await user.type(screen.getByLabelText(/^E-mail/), 'camille@example.org');
  await user.type(screen.getByLabelText(/^Mot de passe/), 'a long enough password');
  await user.type(screen.getByLabelText(/Confirmez le mot de passe/), 'a long enough password');
  await user.click(screen.getByLabelText(/J’accepte les/));
  await user.click(screen.getByLabelText(/Je consens/));
};

describe('sign-up form', () => {
  it('refuses to submit until the e-mail OTP is verified, with the spec’s message, without calling the API', async () => {
    const fetch = stubRegistration();
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillEverything(user);
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    expect(await screen.findByText('Veuillez vérifier le code OTP de votre e-mail avant de continuer')).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/sign-up')).toHaveLength(0);
    // It is the only complaint: every other field is valid.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows the English message in English', async () => {
    stubRegistration();
    await changeLanguage('en');
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create my account' }, LOADED));
    expect(await screen.findByText('Please verify your email OTP before proceeding')).toBeTruthy();
  });

  it('sends the code, verifies it, and submits the proof with every field; consultant extras included', async () => {
    const fetch = stubRegistration();
    const { router } = renderApp('/public/consultant/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillEverything(user, true);

    await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    expect(await screen.findByRole('button', { name: /Renvoyer dans 60 s/ })).toBeTruthy();
    expect(fetch.calls('POST', '/api/public/email-otp')[0].body).toEqual({
      email: 'camille@example.org',
      role: 'consultant',
    });
    await user.type(screen.getByLabelText('Code reçu par e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Vérifiée')).toBeTruthy();
    expect(fetch.calls('POST', '/api/public/email-otp/verify')[0].body).toEqual({
      email: 'camille@example.org',
      role: 'consultant',
      code: '123456',
    });

    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/consultant/sign-in'));
    const [signUp] = fetch.calls('POST', '/api/consultant/sign-up');
    expect(signUp.headers.get('X-Requested-With')).toBe('equilibre');
    expect(signUp.body).toEqual({
      title: 'ms',
      gender: 'female',
      family_name: 'Martin',
      given_name: 'Camille',
      date_of_birth: '1990-04-12',
      preferred_contact: 'email',
      isd_code: '+33',
      contact_number: '612345678',
      alternative_isd_code: '',
      alternative_number: '',
      whatsapp_number: '',
      timezone: expect.any(String) as string,
      correspondence_language: 'fr',
      spoken_languages: ['fr'],
      profession: 'Naturopathe',
      years_of_experience: 8,
      country_of_residence: 'FR',
      nationality: 'FR',
      email: 'camille@example.org',
      email_proof: 'signed-proof',
      mobile_proof: '',
      password: 'a long enough password',
      accept_terms: true,
      accept_privacy: true,
      terms_version: '2026-01',
      privacy_version: '2026-02',
    });
  });

  it('hides the consultant fields from clients and does not send them', async () => {
    stubRegistration();
    renderApp('/client/sign-up');
    await screen.findByLabelText(/Civilité/);
    expect(screen.queryByLabelText(/Profession/)).toBeNull();
    expect(screen.queryByLabelText(/Années d’expérience/)).toBeNull();
  });

  it('puts the server’s field errors back on the fields', async () => {
    const fetch = stubRegistration({
      'POST /api/client/sign-up': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          contact_number: 'Numéro de téléphone invalide.',
        }),
    });
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillEverything(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    await user.type(await screen.findByLabelText('Code reçu par e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    await screen.findByText('Vérifiée');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    const message = await screen.findByText('Numéro de téléphone invalide.');
    const main = screen.getByRole('group', { name: 'Numéro de contact' });
    const input = within(main).getByLabelText(/Numéro/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(fetch.calls('POST', '/api/client/sign-up')).toHaveLength(1);
  });

  it('shows a wrong code’s server message under the code', async () => {
    stubRegistration({
      'POST /api/public/email-otp/verify': () => apiError(400, 'otp_invalid', 'Code incorrect.'),
    });
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^E-mail/), 'camille@example.org');
    await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    await user.type(await screen.findByLabelText('Code reçu par e-mail'), '000000');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Code incorrect.')).toBeTruthy();
    expect(screen.queryByText('Vérifiée')).toBeNull();
  });

  it('asks a client who prefers texts to verify the number by a texted code before submitting', async () => {
    const fetch = stubRegistration();
    const { router } = renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillEverything(user);
    expect(screen.queryByText('Vérification du numéro de mobile')).toBeNull();
    await user.selectOptions(screen.getByLabelText(/Moyen de contact préféré/), 'sms');
    await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    await user.type(await screen.findByLabelText('Code reçu par e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    await screen.findByText('Vérifiée');

    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(
      await screen.findByText('Veuillez vérifier votre numéro de mobile avec le code reçu par SMS avant de continuer'),
    ).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/sign-up')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Recevoir un code par SMS' }));
    expect(await screen.findByRole('button', { name: /Renvoyer dans 60 s/ })).toBeTruthy();
    expect(fetch.calls('POST', '/api/public/mobile-otp')[0].body).toEqual({
      role: 'client',
      isd_code: '+33',
      contact_number: '612345678',
    });
    await user.type(screen.getByLabelText('Code reçu par SMS'), '654321');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    await waitFor(() => expect(screen.getAllByText('Vérifiée')).toHaveLength(2));
    expect(fetch.calls('POST', '/api/public/mobile-otp/verify')[0].body).toEqual({
      role: 'client',
      isd_code: '+33',
      contact_number: '612345678',
      code: '654321',
    });

    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/client/sign-in'));
    const [signUp] = fetch.calls('POST', '/api/client/sign-up');
    expect(signUp.body).toMatchObject({ preferred_contact: 'sms', mobile_proof: 'mobile-proof' });
  });

  it('asks to verify again when the verified number changes', async () => {
    stubRegistration();
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillEverything(user);
    await user.selectOptions(screen.getByLabelText(/Moyen de contact préféré/), 'sms');
    await user.click(await screen.findByRole('button', { name: 'Recevoir un code par SMS' }));
    await user.type(await screen.findByLabelText('Code reçu par SMS'), '654321');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    await screen.findByText('Vérifiée');

    const main = screen.getByRole('group', { name: 'Numéro de contact' });
    await user.type(within(main).getByLabelText(/Numéro/), '9');

    expect(await screen.findByRole('button', { name: 'Recevoir un code par SMS' })).toBeTruthy();
    expect(screen.queryByText('Vérifiée')).toBeNull();
  });
});
