// Accounts made through the HTTP API (fast fixtures for tests about other
// pages): the same OTP → proof → sign-up path the form uses, mails included.
import assert from 'node:assert/strict';
import { baseUrl } from './env.mjs';
import { otpFrom, waitForMail } from './maildev.mjs';
import { newPerson } from './forms.mjs';

/** A same-origin request as the SPA sends it (CSRF headers on writes). */
export const api = async (path, { method = 'GET', body } = {}) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      'Accept-Language': 'fr',
      ...(method === 'GET' ? {} : { 'X-Requested-With': 'equilibre', Origin: baseUrl }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
};

const expectStatus = (answer, status, what) =>
  assert.equal(answer.status, status, `${what}: ${JSON.stringify(answer.body)}`);

/** Registers a new client (or consultant) and returns the person with its password. */
export const createAccount = async (role = 'client', overrides = {}) => {
  const person = newPerson(role, overrides);
  expectStatus(await api('/api/public/email-otp', { method: 'POST', body: { email: person.email, role } }), 202, 'email-otp');
  const code = otpFrom(await waitForMail({ to: person.email, subject: /code/i }));
  const verified = await api('/api/public/email-otp/verify', {
    method: 'POST',
    body: { email: person.email, role, code },
  });
  expectStatus(verified, 200, 'email-otp/verify');
  const options = await api('/api/public/registration-options');
  expectStatus(options, 200, 'registration-options');
  const body = {
    title: person.title,
    gender: person.gender,
    family_name: person.family_name,
    given_name: person.given_name,
    date_of_birth: person.date_of_birth,
    preferred_contact: person.preferred_contact,
    isd_code: person.isd_code,
    contact_number: person.contact_number,
    alternative_isd_code: '',
    alternative_number: '',
    whatsapp_number: '',
    timezone: person.timezone,
    correspondence_language: person.correspondence_language,
    spoken_languages: ['fr'],
    country_of_residence: person.country_of_residence,
    nationality: person.nationality,
    ...(role === 'consultant'
      ? { profession: person.profession, years_of_experience: Number(person.years_of_experience) }
      : {}),
    email: person.email,
    email_proof: verified.body.proof,
    password: person.password,
    accept_terms: true,
    accept_privacy: true,
    terms_version: options.body.terms_version,
    privacy_version: options.body.privacy_version,
  };
  expectStatus(await api(`/api/${role}/sign-up`, { method: 'POST', body }), 201, `${role} sign-up`);
  return person;
};
