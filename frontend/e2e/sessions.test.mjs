// Signing in to each area, the remembered destination, cookie-only sessions,
// and the password reset by mail.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { api, createAccount } from './support/accounts.mjs';
import { useBrowser, visibleText, waitForPath, withPage } from './support/browser.mjs';
import { admin, unique } from './support/env.mjs';
import { exactly, fr, submitSignIn } from './support/forms.mjs';
import { linkFrom, waitForMail } from './support/maildev.mjs';

const browser = useBrowser();

describe('sessions', () => {
  let client;
  before(async () => {
    client = await createAccount('client');
  });

  it('the administrator created from the command line signs in to the admin dashboard', { timeout: 60_000 }, async () => {
    await withPage(browser(), {}, async ({ page }) => {
      await page.goto('/admin/sign-in');
      assert.equal(await visibleText(page.getByRole('heading', { level: 1 })), 'Connexion — Administration');
      await submitSignIn(page, admin);
      await waitForPath(page, '/admin/dashboard');
      // The admin area's page header: title and subtitle of the page. The URL
      // changes before the lazily loaded area has replaced the sign-in page.
      await page.getByRole('heading', { level: 1, name: 'Tableau de bord', exact: true }).waitFor();
      assert.equal(await visibleText(page.getByRole('heading', { level: 1 })), 'Tableau de bord');
      await page.getByText('Vue d’ensemble de la plateforme', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Bonjour, Admin !' }).waitFor();
      assert.equal(await page.title().then((title) => title.includes('Tableau de bord')), true);
    });
  });

  it('a visitor of a client page signs in and comes back to that page', { timeout: 60_000 }, async () => {
    await withPage(browser(), {}, async ({ page }) => {
      await page.goto('/client/my-booking');
      await waitForPath(page, '/public/client/sign-in');
      assert.equal(await page.evaluate(() => localStorage.getItem('redirectUrl')), '/client/my-booking');
      await submitSignIn(page, client);
      await waitForPath(page, '/client/my-booking');
      await page.getByRole('button', { name: /Menu du compte/ }).waitFor();
      // Used once.
      assert.equal(await page.evaluate(() => localStorage.getItem('redirectUrl')), null);
    });
  });

  it('no token is readable from page script or storage', { timeout: 60_000 }, async () => {
    await withPage(browser(), {}, async ({ page, context }) => {
      const seen = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/api/client/sign-in')) seen.push(response.headerValues('set-cookie'));
      });
      const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/client/sign-in'));
      await page.goto('/public/client/sign-in');
      await submitSignIn(page, client);
      const response = await signedIn;
      assert.equal(response.status(), 200);
      await waitForPath(page, '/client/dashboard');
      await page.getByRole('heading', { name: `Bonjour, ${client.given_name} !` }).waitFor();

      const setCookies = (await Promise.all(seen)).flat();
      const cookieHeader = setCookies.find((value) => value.startsWith('eq_client='));
      assert.ok(cookieHeader, `Set-Cookie eq_client in ${JSON.stringify(setCookies)}`);
      const jwt = cookieHeader.slice('eq_client='.length).split(';')[0];
      assert.match(jwt, /^[\w-]+\.[\w-]+\.[\w-]+$/, 'the session cookie holds a JWT');
      assert.match(cookieHeader, /HttpOnly/i);
      assert.match(cookieHeader, /Secure/i);
      assert.match(cookieHeader, /SameSite=Lax/i);
      assert.match(cookieHeader, /Path=\/api/i);
      assert.equal((await response.text()).includes(jwt), false, 'the sign-in answer body has no token');

      const [cookie] = (await context.cookies()).filter((c) => c.name === 'eq_client');
      assert.equal(cookie?.value, jwt, 'the browser stored the cookie');
      assert.equal(cookie.httpOnly, true);

      const visible = await page.evaluate(() => ({
        cookie: document.cookie,
        local: Object.entries(localStorage),
        session: Object.entries(sessionStorage),
      }));
      assert.equal(visible.cookie.includes('eq_'), false, `document.cookie: ${visible.cookie}`);
      const stored = JSON.stringify([visible.local, visible.session]);
      assert.equal(stored.includes(jwt), false, 'the JWT is not in web storage');
      assert.equal(stored.includes(jwt.split('.')[1]), false, 'no part of the JWT is in web storage');
      assert.deepEqual(
        visible.local.map(([key]) => key).filter((key) => !['equilibre-state', 'selectedLanguage', 'redirectUrl'].includes(key)),
        [],
        'localStorage holds only the documented keys',
      );
    });
  });

  it('forgot password: the mailed link sets a new password that signs in', { timeout: 60_000 }, async () => {
    // A '+' in the address: the link must carry it through the path intact.
    const person = await createAccount('client', { email: `client+reset.${unique()}@e2e.test` });
    const newPassword = `un tout nouveau mot de passe ${person.email.length}`;
    await withPage(browser(), {}, async ({ page }) => {
      await page.goto('/public/client/sign-in');
      await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
      await waitForPath(page, '/public/client/forget-password');
      await page.getByLabel(exactly(fr.email)).fill(person.email);
      await page.getByRole('button', { name: 'Envoyer le lien' }).click();
      await page.getByRole('status').filter({ hasText: 'Si un compte existe pour cette adresse' }).waitFor();

      const mail = await waitForMail({ to: person.email, subject: /mot de passe|password/i });
      const link = new URL(linkFrom(mail, '/verify/'));
      assert.equal(link.origin, new URL(page.url()).origin, 'the link points at the public URL');
      await page.goto(link.pathname + link.search);
      assert.equal(await visibleText(page.getByRole('heading', { level: 1 })), 'Choisissez un nouveau mot de passe');
      await page.getByText(`Nouveau mot de passe pour ${person.email}.`).waitFor();
      await page.getByLabel(exactly('Nouveau mot de passe')).fill(newPassword);
      await page.getByLabel('Confirmez le mot de passe').fill(newPassword);
      await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
      await waitForPath(page, '/public/client/sign-in');

      await submitSignIn(page, { email: person.email, password: newPassword });
      await waitForPath(page, '/client/dashboard');
      await page.getByRole('heading', { name: `Bonjour, ${person.given_name} !` }).waitFor();
    });
    const old = await api('/api/client/sign-in', { method: 'POST', body: { email: person.email, password: person.password } });
    assert.equal(old.status, 401, 'the old password no longer signs in');
  });
});
