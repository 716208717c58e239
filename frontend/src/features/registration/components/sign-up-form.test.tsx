import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { registrationOptions } from '@/testing/registration-options';
import { renderApp } from '@/testing/render-app';
// Loaded up front: the lazy route and the second step's chunk then resolve at once, even on a busy machine.
import './sign-up-page';
import './later-steps';

// The time zones' virtual list measures its box: jsdom has no layout, so the list is given a
// height and its options none (every option is then in view).
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'listbox' ? 288 : 0;
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

/** The form appears once its route and the registration options have loaded: slow on a busy machine. */
const LOADED = { timeout: 10_000 };

/** The server's zones: two with summer time, two without, an old alias (`US/Eastern`). */
const TIMEZONES = ['Europe/Paris', 'Europe/Brussels', 'Asia/Tokyo', 'America/Sao_Paulo', 'US/Eastern'];

const stubRegistration = (extra = {}) =>
  stubFetch({
    'GET /api/public/registration-options': () =>
      json({
        ...registrationOptions,
        languages: [
          ...registrationOptions.languages,
          { code: 'es', name_fr: 'Espagnol', name_en: 'Spanish' },
          { code: 'el', name_fr: 'Grec', name_en: 'Greek' },
        ],
        timezones: TIMEZONES,
      }),
    'POST /api/public/email-otp': () => json({ resend_after_seconds: 60, expires_in_seconds: 600 }, { status: 202 }),
    'POST /api/public/email-otp/verify': () => json({ proof: 'signed-proof' }),
    'POST /api/public/mobile-otp': () => json({ resend_after_seconds: 60, expires_in_seconds: 600 }, { status: 202 }),
    'POST /api/public/mobile-otp/verify': () => json({ proof: 'mobile-proof' }),
    'POST /api/client/sign-up': () => json({ account_id: 'a1' }, { status: 201 }),
    'POST /api/consultant/sign-up': () => json({ account_id: 'c1' }, { status: 201 }),
    ...extra,
  });

/** The browser's zone as the form reads it. */
const browserZoneIs = (zone: string) => {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: zone };
  });
};

const heading = (name: RegExp | string) => screen.getByRole('heading', { level: 2, name });
const step = (n: number) => new RegExp(`^Étape ${n} sur 3`);
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Suivant' }));
const languagesInput = () => screen.getByRole('combobox', { name: /Langues parlées/ });
const zoneInput = () => screen.getByRole('combobox', { name: /Fuseau horaire/ });
/** The open picker's options (not those of the native selects). */
const shownOptions = () => within(screen.getByRole('listbox')).getAllByRole('option');
const optionLabels = () => shownOptions().map((option) => option.querySelector('span + span span')?.textContent);

/** Step 1: who the person is. */
const fillIdentity = async (user: UserEvent, consultant = false) => {
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
};

/** Chooses a spoken language by typing part of it and pressing Enter on the first match. */
const chooseLanguage = async (user: UserEvent, typed: string) => {
  await user.click(languagesInput());
  await user.keyboard(typed);
  await user.keyboard('{ArrowDown}{Enter}');
};

/** Step 2: contact, time zone (the browser's, kept), languages. */
const fillContact = async (user: UserEvent) => {
  await user.selectOptions(await screen.findByLabelText(/Pays de résidence/), 'FR');
  const main = screen.getByRole('group', { name: 'Numéro de contact' });
  await user.type(within(main).getByLabelText(/Numéro/), '612345678');
  await chooseLanguage(user, 'franc');
  await screen.findByRole('button', { name: 'Retirer Français' });
};

/** Step 3: everything but the e-mail verification. */
const fillAccount = async (user: UserEvent) => {
  await user.type(await screen.findByLabelText(/^E-mail/), 'camille@example.org');
  await user.type(screen.getByLabelText(/^Mot de passe/), 'a long enough password');
  await user.type(screen.getByLabelText(/Confirmez le mot de passe/), 'a long enough password');
  await user.click(screen.getByLabelText(/J’accepte les/));
  await user.click(screen.getByLabelText(/Je consens/));
};

/** Steps 1 and 2 filled, on step 3 with its fields filled (the e-mail not verified). */
const fillEverything = async (user: UserEvent, consultant = false) => {
  await fillIdentity(user, consultant);
  await next(user);
  await fillContact(user);
  await next(user);
  await screen.findByRole('heading', { level: 2, name: step(3) });
  await fillAccount(user);
};

const verifyEmail = async (user: UserEvent) => {
  await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
  await user.type(await screen.findByLabelText('Code reçu par e-mail'), '123456');
  await user.click(screen.getByRole('button', { name: 'Vérifier' }));
  await within(screen.getByRole('region', { name: step(3) })).findByText('Vérifiée');
};

describe('sign-up form: steps', () => {
  it('shows the first of three steps, checks only its fields on « Suivant » and focuses the first one in error', async () => {
    stubRegistration();
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText(/Civilité/, undefined, LOADED);

    const progress = screen.getByRole('list', { name: 'Étapes de l’inscription' });
    const items = within(progress).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['1Vous', '2Contact et langues', '3Votre compte']);
    expect(items[0].getAttribute('aria-current')).toBe('step');
    expect(heading(step(1)).textContent).toBe('Étape 1 sur 3 : Vous');
    // Only the first step is there: no e-mail, no submit yet.
    expect(screen.queryByRole('button', { name: 'Créer mon compte' })).toBeNull();
    expect(screen.queryByLabelText(/^E-mail/)).toBeNull();

    await next(user);
    const title = screen.getByLabelText(/Civilité/);
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(6);
    expect(heading(step(1))).toBeTruthy();

    await user.selectOptions(title, 'ms');
    await user.selectOptions(screen.getByLabelText(/Genre/), 'female');
    await user.type(screen.getByLabelText(/Prénom/), 'Camille');
    await next(user);
    // Still on step 1, now on the first field still empty.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Nom de famille/)));
    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(3);
  });

  it('goes forward with the heading focused, and back with every value kept', async () => {
    stubRegistration();
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillIdentity(user);
    await next(user);

    const second = await screen.findByRole('heading', { level: 2, name: step(2) });
    expect(second.textContent).toBe('Étape 2 sur 3 : Contact et langues');
    await waitFor(() => expect(document.activeElement).toBe(second));
    const items = within(screen.getByRole('list', { name: 'Étapes de l’inscription' })).getAllByRole('listitem');
    expect(items[1].getAttribute('aria-current')).toBe('step');
    expect(items[0].textContent).toBe('✓Vous (terminée)');
    // The first step's fields are hidden, not lost.
    expect(screen.queryByRole('combobox', { name: /Civilité/ })).toBeNull();
    // Nothing of step 2 complains before « Suivant ».
    expect(screen.queryByText('Ce champ est obligatoire.')).toBeNull();

    await user.type(within(screen.getByRole('group', { name: 'Numéro de contact' })).getByLabelText(/Numéro/), '612');
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    const first = screen.getByRole('heading', { level: 2, name: step(1) });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Prénom/ }).value).toBe('Camille');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: /Civilité/ }).value).toBe('ms');

    await next(user);
    await screen.findByRole('heading', { level: 2, name: step(2) });
    const main = screen.getByRole('group', { name: 'Numéro de contact' });
    expect(within(main).getByRole<HTMLInputElement>('textbox', { name: /Numéro/ }).value).toBe('612');
  });

  it('keeps the optional numbers after the required fields, in a group that says so', async () => {
    stubRegistration();
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillIdentity(user);
    await next(user);
    const optional = await screen.findByRole('group', { name: 'Autres moyens de vous joindre (facultatif)' });
    expect(within(optional).getByRole('group', { name: 'Autre numéro (facultatif)' })).toBeTruthy();
    expect(within(optional).getByRole('textbox', { name: 'Contact WhatsApp' })).toBeTruthy();
    // Everything required comes before it.
    const order = (element: Element) => languagesInput().compareDocumentPosition(element);
    expect(order(optional) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // WhatsApp preferred: its number becomes required and moves up, next to the contact number.
    await user.selectOptions(screen.getByLabelText(/Moyen de contact préféré/), 'whatsapp');
    expect(within(optional).queryByRole('textbox', { name: /Contact WhatsApp/ })).toBeNull();
    const whatsapp = screen.getByRole('textbox', { name: /Contact WhatsApp/ });
    expect(whatsapp.getAttribute('required')).toBe('');
    expect(order(whatsapp) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });
});

describe('sign-up form: spoken languages', () => {
  it('finds languages as the person types (accents ignored), shows the chosen ones as chips, removes them by keyboard', async () => {
    stubRegistration();
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillIdentity(user);
    await next(user);
    await screen.findByRole('heading', { level: 2, name: step(2) });

    const input = languagesInput();
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/Tapez le début/);
    await user.click(input);
    await user.keyboard('francais');
    expect(optionLabels()).toEqual(['Français']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('button', { name: 'Retirer Français' })).toBeTruthy();
    expect(screen.getByText('Ajout : Français')).toBeTruthy();
    // The query is cleared for the next one.
    expect((input as HTMLInputElement).value).toBe('');

    await user.keyboard('gr');
    expect(optionLabels()).toEqual(['Grec']);
    await user.click(screen.getByRole('option', { name: 'Grec' }));
    await user.keyboard('zz');
    expect(within(screen.getByRole('listbox')).queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Aucune langue ne correspond.')).toBeTruthy();
    await user.clear(input);

    const chips = screen.getByRole('list', { name: 'Langues choisies' });
    expect(within(chips).getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'Retirer Français×',
      'Retirer Grec×',
    ]);

    // Delete on a chip removes it; the focus goes to the chip now in its place.
    within(chips).getByRole('button', { name: 'Retirer Français' }).focus();
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('button', { name: 'Retirer Français' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retirer Grec' })));
    expect(screen.getByText('Retrait : Français')).toBeTruthy();

    // Enter removes too; with no chip left the focus goes back to the input.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('list', { name: 'Langues choisies' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(languagesInput()));

    // Backspace in the empty input removes the last one chosen.
    await chooseLanguage(user, 'esp');
    await screen.findByRole('button', { name: 'Retirer Espagnol' });
    await user.keyboard('{Escape}{Backspace}');
    expect(screen.queryByRole('button', { name: 'Retirer Espagnol' })).toBeNull();
  });

  it('refuses « Suivant » without a language, on the field, and focuses it', async () => {
    stubRegistration();
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillIdentity(user);
    await next(user);
    await screen.findByRole('heading', { level: 2, name: step(2) });
    await user.selectOptions(screen.getByLabelText(/Pays de résidence/), 'FR');
    await user.type(within(screen.getByRole('group', { name: 'Numéro de contact' })).getByLabelText(/Numéro/), '612345678');
    await next(user);

    const input = languagesInput();
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText('Choisissez-en au moins un.');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(heading(step(2))).toBeTruthy();
    // No other field of the step complains.
    expect(screen.queryByText('Ce champ est obligatoire.')).toBeNull();

    await chooseLanguage(user, 'angl');
    await next(user);
    expect(await screen.findByRole('heading', { level: 2, name: step(3) })).toBeTruthy();
  });
});

describe('sign-up form: time zone', () => {
  it('starts on the browser’s zone, shown with its city and current offset', async () => {
    browserZoneIs('Asia/Tokyo');
    stubRegistration();
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillIdentity(user);
    await next(user);
    await screen.findByRole('heading', { level: 2, name: step(2) });
    expect((zoneInput() as HTMLInputElement).value).toBe('Tokyo — UTC+09:00');
  });

  it('keeps a browser zone the server does not list', async () => {
    browserZoneIs('Asia/Tokyo');
    stubFetch({
      'GET /api/public/registration-options': () => json({ ...registrationOptions, timezones: ['Europe/Paris'] }),
    });
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillIdentity(user);
    await next(user);
    await screen.findByRole('heading', { level: 2, name: step(2) });
    expect((zoneInput() as HTMLInputElement).value).toBe('Tokyo — UTC+09:00');
  });

  it('finds a zone by city, offset or region (accents ignored) and drops old aliases', async () => {
    browserZoneIs('Europe/Paris');
    stubRegistration();
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillIdentity(user);
    await next(user);
    await screen.findByRole('heading', { level: 2, name: step(2) });
    const input = zoneInput();
    expect((input as HTMLInputElement).value).toMatch(/^Paris — UTC\+0[12]:00$/);

    await user.click(input);
    await user.keyboard('sao');
    expect(optionLabels()).toEqual(['Sao Paulo — UTC−03:00']);
    // Its localized name and region under it.
    expect(shownOptions()[0].textContent).toContain('heure normale de Brasilia · America');

    // By offset, accents ignored both ways, by localized name and by region.
    for (const [typed, found] of [
      ['UTC+9', 'Tokyo — UTC+09:00'],
      ['+09:00', 'Tokyo — UTC+09:00'],
      ['São Paulo', 'Sao Paulo — UTC−03:00'],
      ['heure de brasília', 'Sao Paulo — UTC−03:00'],
      ['asia', 'Tokyo — UTC+09:00'],
    ]) {
      await user.clear(input);
      await user.keyboard(typed);
      expect(optionLabels(), typed).toEqual([found]);
    }
    // `US/Eastern` is an alias this browser does not list: not offered.
    await user.clear(input);
    await user.keyboard('eastern');
    expect(screen.queryAllByRole('option', { name: /Eastern/ })).toHaveLength(0);
    expect(screen.getByText('Aucun fuseau horaire ne correspond.')).toBeTruthy();

    await user.clear(input);
    await user.keyboard('tok');
    await user.click(screen.getByRole('option', { name: /Tokyo/ }));
    expect((input as HTMLInputElement).value).toBe('Tokyo — UTC+09:00');
    // The list is not the 500 names of the server: one per zone it offers, aliases dropped.
    await user.click(screen.getByRole('button', { name: /^Fuseau horaire.*Afficher la liste$/ }));
    expect(optionLabels().map((label) => label?.split(' — ')[0])).toEqual([
      'Brussels',
      'Paris',
      'Sao Paulo',
      'Tokyo',
    ]);
  });

  it('shows the zones in English with English names', async () => {
    browserZoneIs('America/Sao_Paulo');
    stubRegistration();
    await changeLanguage('en');
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByLabelText(/^Title/, undefined, LOADED), 'ms');
    await user.selectOptions(screen.getByLabelText(/Gender/), 'female');
    await user.type(screen.getByLabelText(/Given name/), 'Camille');
    await user.type(screen.getByLabelText(/Family name/), 'Martin');
    await user.type(screen.getByLabelText(/Date of birth/), '1990-04-12');
    await user.selectOptions(screen.getByLabelText(/Nationality/), 'FR');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: /^Step 2 of 3/ })).toBeTruthy();
    const input = screen.getByRole('combobox', { name: /Time zone/ });
    expect((input as HTMLInputElement).value).toBe('Sao Paulo — GMT-03:00');
    await user.click(input);
    await user.keyboard('brasilia standard');
    expect(shownOptions()[0].textContent).toContain('Brasilia Standard Time · America');
  });
});

describe('sign-up form: submitting', () => {
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
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^E-mail/)));
  });

  it('shows the English message in English', async () => {
    stubRegistration();
    await changeLanguage('en');
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Next' }, LOADED);
    expect(screen.getByRole('heading', { level: 2, name: /^Step 1 of 3/ }).textContent).toBe('Step 1 of 3 : About you');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('This field is required.')).not.toHaveLength(0);
  });

  it('sends the code, verifies it, and submits the proof with every field; consultant extras included', async () => {
    browserZoneIs('Europe/Paris');
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
      timezone: 'Europe/Paris',
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

  it('sends the zone and the languages picked in the pickers', async () => {
    browserZoneIs('Europe/Paris');
    const fetch = stubRegistration();
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillIdentity(user);
    await next(user);
    await fillContact(user);
    await chooseLanguage(user, 'grec');
    await user.click(zoneInput());
    await user.keyboard('tokyo{ArrowDown}{Enter}');
    await next(user);
    await screen.findByRole('heading', { level: 2, name: step(3) });
    await fillAccount(user);
    await verifyEmail(user);
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(fetch.calls('POST', '/api/client/sign-up')).toHaveLength(1));
    expect(fetch.calls('POST', '/api/client/sign-up')[0].body).toMatchObject({
      timezone: 'Asia/Tokyo',
      spoken_languages: ['fr', 'el'],
    });
  });

  it('hides the consultant fields from clients and does not send them', async () => {
    stubRegistration();
    renderApp('/client/sign-up');
    await screen.findByLabelText(/Civilité/, undefined, LOADED);
    expect(screen.queryByLabelText(/Profession/)).toBeNull();
    expect(screen.queryByLabelText(/Années d’expérience/)).toBeNull();
  });

  it('puts the server’s field errors back on the fields and goes back to the step of the first one', async () => {
    const fetch = stubRegistration({
      'POST /api/client/sign-up': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          password: 'Mot de passe trop courant.',
          contact_number: 'Numéro de téléphone invalide.',
        }),
    });
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillEverything(user);
    await verifyEmail(user);
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    const message = await screen.findByText('Numéro de téléphone invalide.');
    expect(await screen.findByRole('heading', { level: 2, name: step(2) })).toBeTruthy();
    const main = screen.getByRole('group', { name: 'Numéro de contact' });
    const input = within(main).getByLabelText(/Numéro/);
    await waitFor(() => expect(document.activeElement).toBe(input));
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
    await fillIdentity(user);
    await next(user);
    await fillContact(user);
    await next(user);
    await user.type(await screen.findByLabelText(/^E-mail/), 'camille@example.org');
    await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    await user.type(await screen.findByLabelText('Code reçu par e-mail'), '000000');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Code incorrect.')).toBeTruthy();
    expect(screen.queryByText('Vérifiée')).toBeNull();
  });

  it('asks a client who prefers texts to verify the number by a texted code before the next step', async () => {
    const fetch = stubRegistration();
    const { router } = renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillIdentity(user);
    await next(user);
    await fillContact(user);
    await user.selectOptions(screen.getByLabelText(/Moyen de contact préféré/), 'sms');
    await next(user);
    expect(
      await screen.findByText('Veuillez vérifier votre numéro de mobile avec le code reçu par SMS avant de continuer'),
    ).toBeTruthy();
    expect(heading(step(2))).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Recevoir un code par SMS' });
    await waitFor(() => expect(document.activeElement).toBe(send));

    await user.click(send);
    expect(await screen.findByRole('button', { name: /Renvoyer dans 60 s/ })).toBeTruthy();
    expect(fetch.calls('POST', '/api/public/mobile-otp')[0].body).toEqual({
      role: 'client',
      isd_code: '+33',
      contact_number: '612345678',
    });
    await user.type(screen.getByLabelText('Code reçu par SMS'), '654321');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    await screen.findByText('Vérifiée');
    expect(fetch.calls('POST', '/api/public/mobile-otp/verify')[0].body).toEqual({
      role: 'client',
      isd_code: '+33',
      contact_number: '612345678',
      code: '654321',
    });
    await next(user);
    await screen.findByRole('heading', { level: 2, name: step(3) });

    // Back and forth keeps the verified number.
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    await next(user);
    await screen.findByRole('heading', { level: 2, name: step(3) });

    await fillAccount(user);
    await verifyEmail(user);
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/client/sign-in'));
    const [signUp] = fetch.calls('POST', '/api/client/sign-up');
    expect(signUp.body).toMatchObject({ preferred_contact: 'sms', mobile_proof: 'mobile-proof' });
  });

  it('asks to verify again when the verified number changes', async () => {
    stubRegistration();
    renderApp('/client/sign-up');
    const user = userEvent.setup({ delay: null });
    await fillIdentity(user);
    await next(user);
    await fillContact(user);
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
