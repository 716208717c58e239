// « Mes données » (issue 14, GDPR art. 15, 17 and 20): a client on a phone downloads their data
// (one ZIP with data.json, README.txt), then asks for their account to be
// deleted, confirms with the code mailed to them, sees the area's banner with the date, cancels,
// asks again (once the code's resend delay is over) and confirms. Then a second server over the
// suite's data with its clock 15 days ahead (`EQUILIBRE_CLOCK_OFFSET_SECONDS`, test-only, as in
// room.test.mjs), past the 14-day grace period: the account is forgotten and its sign-in is
// refused as for an unknown account (« Adresse e-mail ou mot de passe incorrect. »).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { createAccount } from './support/accounts.mjs';
import { useBrowser, visibleText, waitForPath, withPage } from './support/browser.mjs';
import { eventually } from './support/consultant.mjs';
import { newPerson, submitSignIn } from './support/forms.mjs';
import { mailIds, otpFrom, waitForMail } from './support/maildev.mjs';
import { stopProcess } from './support/processes.mjs';
import { startShiftedServer } from './support/services.mjs';

const browser = useBrowser();
const servers = [];
after(async () => Promise.all(servers.map((server) => stopProcess(server.proc))));

const PHONE = { viewport: { width: 375, height: 667 } };
const DAY_MS = 86_400_000;
const GRACE_DAYS = 14;
/** The erasure code's mail (platform/locales: `mail.erasure_code.subject`). */
const ERASURE_MAIL = /suppression|deletion/i;
/** `invalid_credentials` in French (platform/locales). */
const INVALID_CREDENTIALS = /Adresse e-mail ou mot de passe incorrect/;

/** `text` matched from its start, as typed. */
const startsWith = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** `POST /api/client/sign-in` on `baseUrl` as the SPA sends it: the status and the error's code. */
const signInAnswer = async (baseUrl, { email, password }) => {
  const response = await fetch(`${baseUrl}/api/client/sign-in`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Accept-Language': 'fr',
      'Content-Type': 'application/json',
      'X-Requested-With': 'equilibre',
      Origin: baseUrl,
    },
    body: JSON.stringify({ email, password }),
  });
  const text = await response.text();
  const body = text ? JSON.parse(text) : null;
  return { status: response.status, code: body?.error?.code ?? null };
};

/** The session's `erasure_due_at`, read with the page's cookie. */
const erasureDueAt = async (page) => {
  const response = await page.request.get('/api/client/session', { headers: { Accept: 'application/json' } });
  assert.equal(response.status(), 200, await response.text());
  return (await response.json()).erasure_due_at;
};

/** « Votre compte sera supprimé le samedi 23 mars 2030. »: the day as the page formats it (the account's zone). */
const dueText = (page, due, zone) =>
  page.evaluate(
    ([value, timeZone]) =>
      `Votre compte sera supprimé le ${new Intl.DateTimeFormat('fr-FR', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone,
      }).format(new Date(value))}.`,
    [due, zone],
  );

/** « Recevoir un code de confirmation » → the mailed code → « Supprimer mon compte » → the date. */
const askForErasure = async (page, section, person) => {
  const seen = await mailIds(person.email);
  const asked = Date.now();
  // After a cancellation the button waits for the last code's resend delay (60 s), counting down.
  await section
    .getByRole('button', { name: 'Recevoir un code de confirmation', exact: true })
    .click({ timeout: 75_000 });
  const field = section.getByLabel(/^Code reçu par e-mail/);
  await field.waitFor();
  const mail = await waitForMail({ to: person.email, subject: ERASURE_MAIL, seen });
  await field.fill(otpFrom(mail));
  await section.getByRole('button', { name: 'Supprimer mon compte', exact: true }).click();
  const due = section.getByTestId('erasure-due');
  await due.waitFor();
  // Said at once (a toast lasts 4.5 s).
  await page.getByText('Votre demande de suppression est enregistrée.').waitFor();

  const dueAt = await erasureDueAt(page);
  assert.ok(dueAt, 'the session says when the erasure runs');
  const days = (Date.parse(dueAt) - asked) / DAY_MS;
  assert.ok(Math.abs(days - GRACE_DAYS) < 0.1, `erased ${days.toFixed(2)} days after the request`);
  const expected = await dueText(page, dueAt, person.timezone);
  assert.equal(await visibleText(due), expected);

  // The area's banner: polite, the same day, the way back to « Mes données », within a phone's width.
  const banner = page.getByTestId('erasure-banner');
  assert.equal(await banner.getAttribute('role'), 'status');
  assert.match(await visibleText(banner), startsWith(expected));
  const box = await banner.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 375, `the banner fits the phone: ${JSON.stringify(box)}`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  return expected;
};

describe('deleting my account (« Mes données »)', () => {
  let client;
  before(async () => {
    client = await createAccount('client');
  });

  it('a client on a phone asks, cancels, asks again; 15 days later the account is forgotten', { timeout: 240_000 }, async () => {
    await withPage(browser(), PHONE, async ({ page }) => {
      await page.goto('/public/client/sign-in');
      await submitSignIn(page, client);
      await waitForPath(page, '/client/dashboard');
      assert.equal(await page.getByTestId('erasure-banner').count(), 0, 'no banner while nothing is pending');

      // From the area menu (a disclosure on a phone).
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.locator('#area-sidebar').getByRole('link', { name: 'Mes données', exact: true }).click();
      await waitForPath(page, '/client/my-data');
      assert.equal(await visibleText(page.getByRole('heading', { level: 1 })), 'Mes données');

      // Download my data: one ZIP named for the day, saved by the browser from the server's stream.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Télécharger mes données (ZIP)' }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^equilibre-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
      const archive = await readFile(await download.path());
      assert.equal(archive.subarray(0, 2).toString('latin1'), 'PK', 'a ZIP archive');
      for (const entry of ['data.json', 'README.txt']) {
        assert.ok(archive.includes(Buffer.from(entry)), `the archive holds ${entry}`);
      }

      const section = page.getByRole('region', { name: 'Supprimer mon compte' });
      const explanation = await visibleText(section);
      assert.match(explanation, /14 jours/);
      assert.match(explanation, /10 ans/);
      assert.match(explanation, /« Ancien client »/);

      const first = await askForErasure(page, section, client);

      // Cancelled: the banner goes, the date too.
      await section.getByRole('button', { name: 'Annuler la suppression', exact: true }).click();
      await page.getByText('La suppression de votre compte est annulée.').waitFor();
      await page.getByTestId('erasure-banner').waitFor({ state: 'detached' });
      assert.equal(await section.getByTestId('erasure-due').count(), 0);
      assert.equal(await erasureDueAt(page), null);

      // Asked again and confirmed.
      const second = await askForErasure(page, section, client);
      assert.ok(second.length > 0 && first.length > 0);

      // The banner on every page of the area, and its link back.
      await page.goto('/client/dashboard');
      const banner = page.getByTestId('erasure-banner');
      assert.match(await visibleText(banner), startsWith(second));
      await banner.getByRole('link', { name: 'Gérer la suppression' }).click();
      await waitForPath(page, '/client/my-data');
      assert.equal(await visibleText(page.getByTestId('erasure-due')), second);
    });

    // Past the grace period: the erasure ran (its worker on this server), and the sign-in is refused
    // exactly as for an address nobody registered.
    const later = await startShiftedServer(15 * 86_400, servers);
    const stranger = newPerson('client');
    const unknown = await signInAnswer(later, stranger);
    assert.deepEqual(unknown, { status: 401, code: 'invalid_credentials' });
    let forgotten;
    await eventually(
      async () => {
        forgotten = await signInAnswer(later, client);
        return forgotten.status === 401;
      },
      'the forgotten client’s sign-in refused',
      60_000,
    );
    assert.deepEqual(forgotten, unknown);

    await withPage(browser(), { ...PHONE, baseURL: later }, async ({ page }) => {
      await page.goto('/public/client/sign-in');
      await submitSignIn(page, client);
      await page.getByText(INVALID_CREDENTIALS).first().waitFor();
      assert.equal(new URL(page.url()).pathname, '/public/client/sign-in');
    });
  });
});
