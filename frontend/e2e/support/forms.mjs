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

/** Fills every field of the French sign-up form except the e-mail verification. */
export const fillSignUpForm = async (page, person, role) => {
  const label = (text, exact = false) => page.getByLabel(exact ? exactly(text) : text);
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
  await label('Moyen de contact préféré').selectOption(person.preferred_contact);
  await label('Pays de résidence').selectOption(person.country_of_residence);
  const main = page.getByRole('group', { name: 'Numéro de contact' });
  await main.getByLabel('Indicatif').selectOption(person.isd_code);
  await main.getByLabel(exactly('Numéro')).fill(person.contact_number);
  const alternative = page.getByRole('group', { name: 'Autre numéro (facultatif)' });
  await alternative.getByLabel('Indicatif').selectOption(person.alternative_isd_code);
  await alternative.getByLabel(exactly('Numéro')).fill(person.alternative_number);
  await label('Contact WhatsApp').fill(person.whatsapp_number);
  await label('Fuseau horaire').selectOption(person.timezone);
  await label('Langue de correspondance').selectOption(person.correspondence_language);
  const spoken = page.getByRole('group', { name: 'Langues parlées' });
  for (const language of person.spoken_languages) await spoken.getByLabel(exactly(language)).check();
  await label(fr.email, true).fill(person.email);
  await label(fr.password, true).fill(person.password);
  await label('Confirmez le mot de passe').fill(person.password);
  await label('J’accepte les conditions générales').check();
  await label('Je consens au traitement de mes données').check();
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
