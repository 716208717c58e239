// Filling the SPA's forms the way a person does: by their visible labels.
import { otpFrom, waitForMail } from './maildev.mjs';
import { unique } from './env.mjs';

/** The French labels and buttons the tests use (the interface's default language). */
export const fr = {
  email: 'E-mail',
  password: 'Mot de passe',
  signIn: 'Se connecter',
  sendCode: 'Envoyer le code',
  code: 'Code reçu par e-mail',
  verify: 'Vérifier',
  verified: 'Vérifiée',
  createAccount: 'Créer mon compte',
  next: 'Suivant',
  back: 'Retour',
  otpRequired: 'Veuillez vérifier le code OTP de votre e-mail avant de continuer',
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A label matched in full; a required field's label ends with a decorative
 * `*` (aria-hidden, but part of the label's text that getByLabel reads).
 */
export const exactly = (text) => new RegExp(`^${escape(text)}\\s*\\*?$`, "i");

/** A new adult person with a unique e-mail address. */
export const newPerson = (role = 'client', overrides = {}) => {
  const id = unique();
  return {
    title: 'ms',
    gender: 'female',
    given_name: role === 'client' ? 'Camille' : 'Inès',
    family_name: role === 'client' ? 'Martin' : 'Durand',
    date_of_birth: '1990-04-12',
    nationality: 'FR',
    profession: 'Naturopathe',
    years_of_experience: '8',
    preferred_contact: 'email',
    country_of_residence: 'FR',
    isd_code: '+33',
    contact_number: '612345678',
    alternative_isd_code: '+33',
    alternative_number: '698765432',
    whatsapp_number: '+33 6 12 34 56 78',
    timezone: 'Europe/Paris',
    correspondence_language: 'fr',
    spoken_languages: ['français', 'anglais'],
    email: `${role}.${id}@e2e.test`,
    password: `une phrase de passe ${id}`,
    ...overrides,
  };
};

/** The sign-up's step `n` (of 3) is the one shown: its heading says « Étape n sur 3 ». */
export const signUpStep = (page, n) => page.getByRole('heading', { level: 2, name: new RegExp(`^Étape ${n} sur 3`) });

/** « Suivant »: the next step shows (the current one was valid). */
export const nextSignUpStep = async (page, n) => {
  await page.getByRole('button', { name: fr.next, exact: true }).click();
  await signUpStep(page, n).waitFor();
};

/** The city of a zone as the time-zone picker shows it: « America/New_York » → « New York ». */
export const zoneCity = (zone) => zone.split('/').pop().replace(/_/g, ' ');

/** Step 1 of the French sign-up form: who the person is. */
export const fillIdentityStep = async (page, person, role) => {
  const label = (text) => page.getByLabel(text);
  await signUpStep(page, 1).waitFor();
  await label('Civilité').selectOption(person.title);
  await label('Genre').selectOption(person.gender);
  await label('Prénom').fill(person.given_name);
  await label('Nom de famille').fill(person.family_name);
  await label('Date de naissance').fill(person.date_of_birth);
  await label('Nationalité').selectOption(person.nationality);
  if (role === 'consultant') {
    await label('Profession').fill(person.profession);
    await label('Années d’expérience').fill(person.years_of_experience);
  }
};

/**
 * Step 2: contact, time zone and languages. The zone is searched by its city and picked in the
 * list (« Paris — UTC+01:00 »); each language is searched by its first letters and picked, and
 * shows as a chip that removes it.
 */
export const fillContactStep = async (page, person) => {
  const label = (text) => page.getByLabel(text);
  await signUpStep(page, 2).waitFor();
  await label('Moyen de contact préféré').selectOption(person.preferred_contact);
  await label('Pays de résidence').selectOption(person.country_of_residence);
  const main = page.getByRole('group', { name: 'Numéro de contact' });
  await main.getByLabel('Indicatif').selectOption(person.isd_code);
  await main.getByLabel(exactly('Numéro')).fill(person.contact_number);
  await label(/^Contact WhatsApp/).fill(person.whatsapp_number);

  const city = zoneCity(person.timezone);
  const zone = page.getByRole('combobox', { name: 'Fuseau horaire' });
  await zone.fill(city);
  await page.getByRole('listbox').getByRole('option', { name: new RegExp(`^${escape(city)} — UTC`) }).click();
  await page.waitForFunction(
    ([input, text]) => document.getElementById(input)?.value.startsWith(text),
    [await zone.getAttribute('id'), `${city} — UTC`],
  );
  await label('Langue de correspondance').selectOption(person.correspondence_language);

  const spoken = page.getByRole('combobox', { name: 'Langues parlées' });
  for (const language of person.spoken_languages) {
    await spoken.fill(language.slice(0, 4));
    await page.getByRole('listbox').getByRole('option', { name: exactly(language) }).click();
    await page.getByRole('button', { name: new RegExp(`^Retirer ${escape(language)}$`, 'i') }).waitFor();
  }
  await spoken.press('Escape');

  const alternative = page.getByRole('group', { name: 'Autre numéro (facultatif)' });
  await alternative.getByLabel('Indicatif').selectOption(person.alternative_isd_code);
  await alternative.getByLabel(exactly('Numéro')).fill(person.alternative_number);
};

/** Step 3: everything but the e-mail verification. */
export const fillAccountStep = async (page, person) => {
  const label = (text, exact = false) => page.getByLabel(exact ? exactly(text) : text);
  await signUpStep(page, 3).waitFor();
  await label(fr.email, true).fill(person.email);
  await label(fr.password, true).fill(person.password);
  await label('Confirmez le mot de passe').fill(person.password);
  await label('J’accepte les conditions générales').check();
  await label('Je consens au traitement de mes données').check();
};

/**
 * Goes through the French sign-up form's three steps, filling every field except the
 * e-mail verification (for a person whose number needs no texted code).
 */
export const fillSignUpForm = async (page, person, role) => {
  await fillIdentityStep(page, person, role);
  await nextSignUpStep(page, 2);
  await fillContactStep(page, person);
  await nextSignUpStep(page, 3);
  await fillAccountStep(page, person);
};

/** Send code → read it from maildev → type it → Verify → "Vérifiée". */
export const verifyEmailByCode = async (page, email) => {
  await page.getByRole('button', { name: fr.sendCode }).click();
  await page.getByLabel(fr.code).waitFor();
  const mail = await waitForMail({ to: email, subject: /code/i });
  await page.getByLabel(fr.code).fill(otpFrom(mail));
  await page.getByRole('button', { name: fr.verify, exact: true }).click();
  await page.getByRole('status').filter({ hasText: /^\W*Vérifiée$/ }).waitFor();
};

/** Fills and submits a sign-in form (labels in `labels`' language). */
export const submitSignIn = async (page, { email, password }, labels = fr) => {
  await page.getByLabel(exactly(labels.email)).fill(email);
  await page.getByLabel(exactly(labels.password)).fill(password);
  await page.getByRole('button', { name: labels.signIn, exact: true }).click();
};
