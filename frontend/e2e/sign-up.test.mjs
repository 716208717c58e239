// Registration through the real form, the real OTP mail, and the first sign-in.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { useBrowser, visibleText, waitForPath, withPage } from './support/browser.mjs';
import {
  exactly,
  fillAccountStep,
  fillContactStep,
  fillIdentityStep,
  fillSignUpForm,
  fr,
  newPerson,
  nextSignUpStep,
  signUpStep,
  submitSignIn,
  verifyEmailByCode,
} from './support/forms.mjs';
import { codeFrom, waitForText } from './support/sms.mjs';

const browser = useBrowser();

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

/** axe-core on the page as it is now (an open list included). */
const assertNoAxeViolations = async (page, where) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const described = violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n')}`)
    .join('\n');
  assert.equal(violations.length, 0, `${where}:\n${described}`);
};

describe('sign-up', () => {
  it('a client signs up in French on a phone, signs in, switches to English and signs out', { timeout: 120_000 }, async () => {
    // A zone other than the browser's (Paris), found by its city in the picker.
    const person = newPerson('client', { timezone: 'America/New_York' });
    await withPage(browser(), PHONE, async ({ page, context }) => {
      const scripts = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/public/client/sign-up');
      assert.equal(await visibleText(page.getByRole('heading', { level: 1 })), 'Inscription — Espace client');
      await signUpStep(page, 1).waitFor();
      const progress = page.getByRole('list', { name: 'Étapes de l’inscription' });
      assert.equal(await progress.locator('[aria-current="step"]').innerText(), '1\nVous');
      // The later steps (the pickers and their library) and the validation rules are not part of
      // the page's first load: they come once the person starts.
      await page.getByLabel('Civilité').waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(scripts.filter((path) => /later-steps|yup/.test(path)), [], 'loaded later');

      // « Suivant » checks the first step only, and goes to its first field in error.
      await page.getByRole('button', { name: fr.next, exact: true }).click();
      await page.getByLabel('Civilité').and(page.locator(':focus')).waitFor();
      assert.equal(await page.getByLabel('Civilité').getAttribute('aria-invalid'), 'true');
      assert.equal(await signUpStep(page, 1).isVisible(), true);

      await fillIdentityStep(page, person, 'client');
      await nextSignUpStep(page, 2);
      assert.equal(await progress.locator('[aria-current="step"]').innerText(), '2\nContact et langues');
      // The browser's zone comes first, with its current offset.
      assert.match(
        await page.getByRole('combobox', { name: 'Fuseau horaire' }).inputValue(),
        /^Paris — UTC\+0[12]:00$/,
      );
      await fillContactStep(page, person);
      // Back keeps the values; forward again.
      await page.getByRole('button', { name: fr.back, exact: true }).click();
      await signUpStep(page, 1).waitFor();
      assert.equal(await page.getByLabel('Prénom').inputValue(), person.given_name);
      await nextSignUpStep(page, 2);
      assert.match(await page.getByRole('combobox', { name: 'Fuseau horaire' }).inputValue(), /^New York — UTC−0[45]:00$/);
      await nextSignUpStep(page, 3);
      await fillAccountStep(page, person);
      // Nothing scrolls sideways on the phone.
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
      await verifyEmailByCode(page, person.email);
      // The verified address can no longer be edited.
      assert.equal(await page.getByLabel(exactly(fr.email)).getAttribute('readonly'), '');

      const signUp = page.waitForRequest((r) => r.url().endsWith('/api/client/sign-up'));
      await page.getByRole('button', { name: fr.createAccount }).click();
      const request = await signUp;
      assert.equal((await request.response()).status(), 201);
      assert.equal(request.postDataJSON().timezone, 'America/New_York');
      assert.deepEqual(request.postDataJSON().spoken_languages, ['fr', 'en']);
      await waitForPath(page, '/public/client/sign-in');
      assert.equal(await visibleText(page.getByRole('heading', { level: 1 })), 'Connexion — Espace client');

      await submitSignIn(page, person);
      await waitForPath(page, '/client/dashboard');
      await page.getByRole('heading', { name: `Bonjour, ${person.given_name} !` }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'fr');

      await page.getByRole('button', { name: /English/ }).click();
      await page.getByRole('heading', { name: `Hello, ${person.given_name}!` }).waitFor();
      await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
      // On a phone the area menu hides behind its button.
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('navigation', { name: 'Client area menu' }).waitFor();
      await page.keyboard.press('Escape');
      assert.equal(await page.getByRole('button', { name: /English/ }).getAttribute('aria-pressed'), 'true');

      await page.getByRole('button', { name: /Account menu/ }).click();
      const signOut = page.waitForResponse((r) => r.url().endsWith('/api/client/sign-out'));
      await page.getByRole('menuitem', { name: 'Log Out' }).click();
      assert.equal((await signOut).status(), 204);
      assert.equal((await context.cookies()).some((c) => c.name === 'eq_client'), false, 'the session cookie is cleared');
      await waitForPath(page, '/');
      await page.getByRole('heading', { level: 1 }).waitFor();

      await page.goto('/client/dashboard');
      await waitForPath(page, '/public/client/sign-in');
      // Still in English after the reload: the choice is remembered.
      assert.equal(await visibleText(page.getByRole('heading', { level: 1 })), 'Sign in — Client area');
    });
  });

  it('refuses to submit before the e-mail is verified, in French and in English', { timeout: 60_000 }, async () => {
    const person = newPerson('client');
    await withPage(browser(), {}, async ({ page }) => {
      const writes = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET' && request.url().includes('/api/')) writes.push(request.url());
      });
      await page.goto('/client/sign-up');
      await fillSignUpForm(page, person, 'client');
      await page.getByRole('button', { name: fr.createAccount }).click();

      const message = page.getByRole('alert').filter({ hasText: 'OTP' });
      assert.equal(await visibleText(message), fr.otpRequired);
      // It is the only complaint: every other field is valid.
      assert.equal(await page.locator('form [role="alert"]').count(), 1);
      assert.equal(await page.getByLabel(exactly(fr.email)).getAttribute('aria-invalid'), 'true');

      // The message follows the interface language at once, and again on a new attempt.
      const english = 'Please verify your email OTP before proceeding';
      await page.getByRole('button', { name: /English/ }).click();
      await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
      await page.getByRole('alert').filter({ hasText: english }).waitFor();
      assert.equal(await visibleText(message), english);
      await page.getByRole('button', { name: 'Create my account' }).click();
      await page.getByRole('alert').filter({ hasText: english }).waitFor();
      assert.equal(await visibleText(message), english);
      assert.equal(await page.locator('form [role="alert"]').count(), 1);
      assert.deepEqual(writes, [], 'nothing is sent to the server');
    });
  });

  it('a consultant signs up (with profession and experience) and reaches the consultant dashboard', { timeout: 90_000 }, async () => {
    const person = newPerson('consultant');
    await withPage(browser(), {}, async ({ page }) => {
      // Clients are not asked for a profession.
      await page.goto('/public/client/sign-up');
      await page.getByLabel('Civilité').waitFor();
      assert.equal(await page.getByLabel('Profession').count(), 0);
      assert.equal(await page.getByLabel('Années d’expérience').count(), 0);

      await page.goto('/public/consultant/sign-up');
      assert.equal(await visibleText(page.getByRole('heading', { level: 1 })), 'Inscription — Espace consultant');
      await page.getByLabel('Profession').waitFor();
      await page.getByLabel('Années d’expérience').waitFor();
      await fillIdentityStep(page, person, 'consultant');
      await nextSignUpStep(page, 2);
      await fillContactStep(page, person);
      // The pickers pass axe, their lists open and a language chosen.
      const zone = page.getByRole('combobox', { name: 'Fuseau horaire' });
      await zone.fill('tok');
      await page.getByRole('listbox').getByRole('option', { name: /^Tokyo — UTC\+09:00/ }).waitFor();
      await assertNoAxeViolations(page, 'time zone list open');
      // The best match (the city that starts so) is first, and Enter takes it.
      await zone.press('Enter');
      assert.equal(await zone.inputValue(), 'Tokyo — UTC+09:00');
      const spoken = page.getByRole('combobox', { name: 'Langues parlées' });
      await spoken.fill('esp');
      await page.getByRole('listbox').getByRole('option', { name: 'Espagnol' }).waitFor();
      await assertNoAxeViolations(page, 'language list open, two chosen');
      await spoken.press('Escape');
      // A chip removes its language from the keyboard.
      await page.getByRole('button', { name: 'Retirer Anglais' }).focus();
      await page.keyboard.press('Delete');
      await page.getByRole('button', { name: 'Retirer Anglais' }).waitFor({ state: 'detached' });
      await nextSignUpStep(page, 3);
      await fillAccountStep(page, person);
      await verifyEmailByCode(page, person.email);
      await assertNoAxeViolations(page, 'account step');
      const signUp = page.waitForRequest((r) => r.url().endsWith('/api/consultant/sign-up'));
      await page.getByRole('button', { name: fr.createAccount }).click();
      const body = (await signUp).postDataJSON();
      assert.equal(body.profession, person.profession);
      assert.equal(body.years_of_experience, Number(person.years_of_experience));
      assert.equal(body.timezone, 'Asia/Tokyo');
      assert.deepEqual(body.spoken_languages, ['fr']);
      await waitForPath(page, '/public/consultant/sign-in');

      await submitSignIn(page, person);
      await waitForPath(page, '/consultant/dashboard');
      await page.getByRole('heading', { name: `Bonjour, ${person.given_name} !` }).waitFor();
      await page.getByText('Bienvenue dans votre espace expert', { exact: false }).waitFor();
    });
  });

  it('a client who prefers texts verifies the mobile number with the texted code, then signs up', { timeout: 90_000 }, async () => {
    // A French mobile number of this run only, so the outbox holds one text for it. The 61
    // block is assigned throughout; some other 6x blocks are not, and are refused as invalid.
    const national = `61${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const person = newPerson('client', { preferred_contact: 'sms', contact_number: national });
    await withPage(browser(), PHONE, async ({ page }) => {
      await page.goto('/public/client/sign-up');
      await fillIdentityStep(page, person, 'client');
      await nextSignUpStep(page, 2);
      await fillContactStep(page, person);

      // Not past the contact step before the number is verified.
      await page.getByRole('button', { name: fr.next, exact: true }).click();
      const required = 'Veuillez vérifier votre numéro de mobile avec le code reçu par SMS avant de continuer';
      await page.getByRole('alert').filter({ hasText: required }).waitFor();
      assert.equal(await signUpStep(page, 2).isVisible(), true);
      const send = page.getByRole('button', { name: 'Recevoir un code par SMS' });
      await send.and(page.locator(':focus')).waitFor();

      await send.click();
      await page.getByRole('button', { name: /Renvoyer dans \d+ s/ }).waitFor();
      const text = await waitForText({ to: `+33${national}` });
      assert.match(text.text, /Equilibre/);
      await page.getByLabel('Code reçu par SMS').fill(codeFrom(text));
      await page.getByRole('button', { name: fr.verify, exact: true }).click();
      await page.getByRole('status').filter({ hasText: /^\W*Vérifiée$/ }).waitFor();
      await nextSignUpStep(page, 3);
      await fillAccountStep(page, person);
      await verifyEmailByCode(page, person.email);

      const signUp = page.waitForResponse((r) => r.url().endsWith('/api/client/sign-up'));
      await page.getByRole('button', { name: fr.createAccount }).click();
      assert.equal((await signUp).status(), 201);
      await waitForPath(page, '/public/client/sign-in');
    });
  });
});
