// New terms, end to end (issue 13): an administrator publishes a new version of the terms
// on the admin screens (1280 px); a client who accepted the previous one opens a booking
// page on a phone (375 px), meets the acceptance panel in place of the booking button, cannot
// book before ticking and accepting, accepts, and books; /terms-conditions then shows the new
// version since today, its PDF (a real PDF), and the previous version among the others.
// Publishing a version changes what every client must accept: this file runs alone, after the
// files that book (e2e/run.mjs), and the API fixtures accept the versions in force when they
// sign in (support/consultant.mjs `signIn`).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertAccessible } from './support/axe.mjs';
import { bookableExpert, pickSlot, readyClient } from './support/booking.mjs';
import { useBrowser, waitForPath, withPage } from './support/browser.mjs';
import { signIn, signInAdmin, signInThroughPage } from './support/consultant.mjs';
import { admin, baseUrl, unique } from './support/env.mjs';
import { submitSignIn } from './support/forms.mjs';

const browser = useBrowser();
const WIDE = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

/** Appends `text` to a field's current value (the form starts from the version in force). */
const append = async (field, text) => field.fill(`${await field.inputValue()}${text}`);

describe('legal texts', () => {
  let expert;
  before(async () => {
    expert = await bookableExpert({ adminSession: await signInAdmin() });
  });

  it('new terms: published by an administrator, accepted by a client on a phone before booking, shown with their PDF', { timeout: 240_000 }, async () => {
    const tag = unique();
    // A client who accepted the terms in force at sign-up, with a consent form on file.
    const { person } = await readyClient();
    let version = '';

    await withPage(browser(), WIDE, async ({ page }) => {
      await page.goto('/admin/sign-in');
      await submitSignIn(page, admin);
      await waitForPath(page, '/admin/dashboard');
      await page.getByRole('navigation', { name: 'Menu Administration' }).getByRole('button', { name: 'Médecine' }).click();
      await page.getByRole('link', { name: 'Conditions générales', exact: true }).click();
      await waitForPath(page, '/admin/view-terms-condition');
      const table = page.getByRole('table', { name: 'Versions des conditions générales' });
      const current = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^2026-01/ }) });
      await current.getByText('En vigueur').waitFor();
      await assertAccessible(page, '/admin/view-terms-condition at 1280 px');

      await page.getByRole('link', { name: 'Publier une nouvelle version' }).click();
      await waitForPath(page, '/admin/add-terms-condition');
      const french = page.getByRole('group', { name: 'Français' });
      const english = page.getByRole('group', { name: 'Anglais' });
      // Started from the version in force: only what changes is typed.
      assert.equal(await french.getByLabel(/^Titre/).inputValue(), 'Conditions générales d’utilisation et de vente');
      await append(french.getByLabel(/^Texte \(Markdown\)/), `\n\n## Article ${tag}\n\nNouvel article **${tag}**.`);
      await append(english.getByLabel(/^Texte \(Markdown\)/), `\n\n## Article ${tag}\n\nNew article **${tag}**.`);
      await french.getByRole('button', { name: 'Aperçu' }).click();
      await french.getByLabel(/^Aperçu du texte/).locator('strong', { hasText: tag }).waitFor();
      await assertAccessible(page, '/admin/add-terms-condition at 1280 px');
      // No date: in force as soon as published.
      await page.getByRole('button', { name: 'Publier la version' }).click();
      const toast = page.getByText(/^La version \S+ a été publiée : elle est en vigueur à partir du /);
      version = (await toast.innerText()).match(/^La version (\S+) a été publiée/)[1];
      assert.match(version, /^\d{4}-\d{2}-\d{2}(-\d+)?$/, 'named after its first day in France');
      await waitForPath(page, '/admin/view-terms-condition');
      const published = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: version }) });
      await published.getByText('En vigueur').waitFor();
      await current.getByText('Remplacée').waitFor();
    });

    await withPage(browser(), PHONE, async ({ page }) => {
      await signInThroughPage(page, 'client', person);
      await pickSlot(page, expert.id, 2);
      await page.waitForURL((url) => url.pathname.startsWith(`/booking/${expert.id}_`));
      const panel = page.getByRole('region', { name: 'Nos conditions ont changé' });
      await panel.waitFor();
      const bookButtons = page.getByRole('button', { name: /^Réserver/ });
      assert.equal(await bookButtons.count(), 0, 'no booking before accepting');
      // The very versions to accept, each in a new tab.
      const terms = panel.getByRole('link', { name: new RegExp(`^Conditions générales \\(version ${version}\\)`) });
      assert.equal(await terms.getAttribute('href'), `/terms-conditions?version=${version}`);
      assert.equal(await terms.getAttribute('target'), '_blank');
      // Accepting needs the box ticked.
      await panel.getByRole('button', { name: 'Accepter et continuer' }).click();
      await panel.getByRole('alert').filter({ hasText: 'Cochez la case pour accepter les conditions avant de continuer.' }).waitFor();
      assert.equal(await bookButtons.count(), 0, 'still no booking');
      await assertAccessible(page, 'the booking page with its acceptance panel at 375 px');
      await panel
        .getByLabel('J’ai lu et j’accepte les conditions générales et la politique de confidentialité en vigueur')
        .check();
      await panel.getByRole('button', { name: 'Accepter et continuer' }).click();
      await page.getByText('Merci, vous avez accepté les conditions en vigueur : vous pouvez réserver.').waitFor();
      assert.equal(await panel.count(), 0);
      assert.equal(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
        true,
        'nothing scrolls sideways',
      );
      await page.getByRole('button', { name: 'Réserver gratuitement' }).click();
      await page.getByRole('heading', { name: 'Réservation confirmée' }).waitFor();
    });
    // The account records the versions accepted.
    const client = await signIn('client', person, { acceptLegal: false });
    const standing = await client.get('/api/client/legal-acceptance');
    assert.deepEqual([standing.accepted_terms, standing.up_to_date], [version, true]);

    await withPage(browser(), PHONE, async ({ page }) => {
      await page.goto('/terms-conditions');
      await page.getByRole('heading', { level: 1, name: 'Conditions générales d’utilisation et de vente' }).waitFor();
      await page.getByText(new RegExp(`^Version ${version}, en vigueur depuis le \\d+ \\S+ \\d{4}$`)).waitFor();
      await page.locator('article strong', { hasText: tag }).waitFor();
      const others = page.getByRole('region', { name: 'Autres versions' });
      await others.getByText(/^Version 2026-01\s*: en vigueur du 1 janvier 2026 au /).waitFor();
      await assertAccessible(page, '/terms-conditions with two versions at 375 px');
      // Its PDF, in French.
      const href = await page.getByRole('link', { name: 'Télécharger le PDF' }).getAttribute('href');
      assert.equal(href, `/api/public/legal/terms/${version}/pdf?lang=fr`);
      const pdf = await page.request.get(new URL(href, baseUrl).href);
      assert.equal(pdf.status(), 200);
      assert.match(pdf.headers()['content-type'] ?? '', /application\/pdf/);
      assert.match(pdf.headers()['content-disposition'] ?? '', new RegExp(`conditions-generales-${version}\\.pdf`));
      assert.equal((await pdf.body()).subarray(0, 5).toString('latin1'), '%PDF-');
      // The previous version stays readable.
      await others.getByRole('link', { name: 'Version 2026-01' }).click();
      await page.getByText(/^Version 2026-01, en vigueur du 1 janvier 2026 au /).waitFor();
      assert.equal(await page.locator('article strong', { hasText: tag }).count(), 0);
      await page.getByRole('link', { name: 'Lire la version en vigueur' }).waitFor();
      // In English.
      await page.getByRole('button', { name: /English/ }).click();
      await page.getByText(/^Version 2026-01, in force from 1 January 2026 to /).waitFor();
      await page.getByRole('link', { name: 'Read the version in force' }).click();
      await page.getByText(new RegExp(`^Version ${version}, in force since `)).waitFor();
      await page.getByRole('link', { name: 'Download the PDF' }).waitFor();
    });
  });
});
