// The second factor as a client turns it on from their area on a phone: the
// QR code and its secret, a first code, the recovery codes shown once; then a
// sign-in that asks for a code (a wrong one is refused on the field), and
// turning it off through the re-authentication dialog with a recovery code.
// Codes are computed here as an authenticator app does (RFC 6238).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { createAccount } from './support/accounts.mjs';
import { useBrowser, visibleText, waitForPath, withPage } from './support/browser.mjs';
import { submitSignIn } from './support/forms.mjs';

const browser = useBrowser();
const PHONE = { viewport: { width: 375, height: 667 } };

const base32 = (text) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
};

/** The app's code at `at` (ms). */
const totp = (secret, at = Date.now()) => {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
};

describe('second factor', () => {
  let client;
  before(async () => {
    client = await createAccount('client');
  });

  it('a client turns it on, signs in with a code, and turns it off with a recovery code', { timeout: 90_000 }, async () => {
    let secret;
    let recovery;
    await withPage(browser(), PHONE, async ({ page }) => {
      await page.goto('/public/client/sign-in');
      await submitSignIn(page, client);
      await waitForPath(page, '/client/dashboard');
      await page.goto('/client/security');
      const panel = page.getByTestId('security-panel');
      await panel.waitFor();
      assert.match(await visibleText(page.getByTestId('second-factor-status')), /désactivée/);

      await page.getByRole('button', { name: 'Activer la double authentification' }).click();
      const qr = page.getByTestId('second-factor-qr');
      await qr.waitFor();
      assert.ok((await qr.boundingBox()).width <= 200, 'the QR code fits a phone');
      secret = await page.getByTestId('second-factor-secret').getAttribute('data-secret');
      assert.match(secret, /^[A-Z2-7]{32}$/);
      await page.getByTestId('second-factor-enrolment-form').getByTestId('second-factor-code').fill(totp(secret));
      await page.getByRole('button', { name: 'Activer', exact: true }).click();

      const codes = page.getByTestId('recovery-codes-list').getByRole('listitem');
      await codes.first().waitFor();
      recovery = (await codes.allInnerTexts()).map((text) => text.trim());
      assert.equal(recovery.length, 10);
      assert.match(recovery[0], /^[a-z2-9]{5}-[a-z2-9]{5}$/);
      await page.getByLabel('J’ai enregistré mes codes de secours en lieu sûr').check();
      await page.getByRole('button', { name: 'Terminé' }).click();
      await page.getByTestId('second-factor-status').filter({ hasText: /activée/ }).waitFor();
      assert.doesNotMatch(await visibleText(page.getByTestId('second-factor-status')), /désactivée/);
      assert.match(await visibleText(page.getByTestId('recovery-codes-left')), /10/);
      // Nothing sideways on a phone.
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    });

    await withPage(browser(), PHONE, async ({ page }) => {
      await page.goto('/public/client/sign-in');
      await submitSignIn(page, client);
      const step = page.getByTestId('sign-in-second-factor');
      await step.waitFor();
      const field = step.getByTestId('second-factor-code');
      await field.fill('000000');
      await step.getByRole('button', { name: 'Vérifier', exact: true }).click();
      await step.getByText(/Ce code n’est pas valide/).waitFor();
      // The app's next code (the one used to turn it on is spent).
      await field.fill(totp(secret, Date.now() + 30_000));
      await step.getByRole('button', { name: 'Vérifier', exact: true }).click();
      await waitForPath(page, '/client/dashboard');

      await page.goto('/client/security');
      await page.getByRole('button', { name: 'Désactiver la double authentification' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmez qu’il s’agit bien de vous' });
      await dialog.waitFor();
      await dialog.getByTestId('second-factor-mode').click();
      await dialog.getByTestId('second-factor-code').fill(recovery[0]);
      await dialog.getByRole('button', { name: 'Confirmer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('second-factor-status').filter({ hasText: /désactivée/ }).waitFor();
    });
  });
});
