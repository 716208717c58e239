// The client's file on a phone: the consent form template downloaded, the
// filled PDF uploaded, the health assessment filled in and read back, in
// French, then in English.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { createAccount } from './support/accounts.mjs';
import { useBrowser, visibleText, waitForPath, withPage } from './support/browser.mjs';
import { signInThroughPage } from './support/consultant.mjs';
import { pdf } from './support/files.mjs';
import { exactly } from './support/forms.mjs';

const browser = useBrowser();
const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, acceptDownloads: true };

/** Whether the page scrolls sideways (it must not on a phone). */
const overflows = (page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describe('client file', () => {
  let person;
  before(async () => {
    person = await createAccount('client');
  });

  it('a client on a phone downloads the consent form, uploads it signed, fills the health assessment and reads it in French and English', { timeout: 120_000 }, async () => {
    await withPage(browser(), phone, async ({ page }) => {
      await signInThroughPage(page, 'client', person);
      // The client menu carries the file's pages.
      await page.locator('nav a[href="/client/consent-form-doc"]').first().waitFor({ state: 'attached' });
      await page.locator('nav a[href="/client/health-assessment-doc"]').first().waitFor({ state: 'attached' });

      await page.goto('/client/consent-form-doc');
      assert.equal(await visibleText(page.getByRole('heading', { level: 1 })), 'Formulaire de consentement');
      await page.getByText(/Aucun formulaire de consentement n’est enregistré/).waitFor();

      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Télécharger le formulaire de consentement (PDF)' }).click();
      const download = await downloading;
      assert.equal(download.suggestedFilename(), 'consent-form-fr.pdf');
      const template = await readFile(await download.path());
      assert.equal(template.subarray(0, 5).toString(), '%PDF-', 'the template is a PDF');

      const field = page.getByLabel(exactly('Formulaire rempli et signé (PDF)'));
      const uploaded = page.waitForResponse((r) => r.url().includes('/api/client/files?kind=consent_form'));
      await field.setInputFiles(pdf('formulaire-signe.pdf', 'Consentement signe'));
      assert.equal((await uploaded).status(), 201);
      await page.getByText(/^Fichier : formulaire-signe\.pdf \(/).waitFor();
      const recorded = page.waitForResponse((r) => r.url().endsWith('/api/client/consent-form') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Envoyer le formulaire' }).click();
      assert.equal((await recorded).status(), 204);
      await page.getByText(/Votre formulaire de consentement signé est enregistré/).waitFor();
      assert.equal(await overflows(page), false, 'no sideways scrolling at 375 px');

      await page.goto('/client/health-assessment-doc');
      await page.getByText("Vous n’avez pas encore rempli votre bilan de santé.").waitFor();
      await page.getByRole('link', { name: 'Remplir le bilan de santé' }).click();
      await waitForPath(page, '/client/health-assesment');
      await page.getByLabel(/Motif de la consultation/).fill('Fatigue et sommeil agité depuis l’hiver');
      await page.getByLabel(/^Allergies/).fill('Pollen de bouleau');
      await page.getByLabel(/Grossesse ou allaitement/).selectOption('not_applicable');
      await page.getByLabel(/Qualité du sommeil/).selectOption('poor');
      await page.getByLabel(/Niveau de stress/).selectOption('high');
      await page.getByLabel(/^Alimentation/).selectOption('vegetarian');
      await page.getByLabel(/Je partage ce bilan/).check();
      assert.equal(await overflows(page), false, 'the form fits a phone');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/client/health-assessment') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      assert.equal((await saved).status(), 204);

      await waitForPath(page, '/client/health-assessment-doc');
      assert.equal(await visibleText(page.getByRole('heading', { level: 1 })), 'Mon bilan de santé');
      await page.getByText('Fatigue et sommeil agité depuis l’hiver').waitFor();
      await page.getByText('Mauvaise', { exact: true }).waitFor();
      await page.getByText('Végétarienne', { exact: true }).waitFor();

      // After a reload, still saved (read from the server).
      await page.reload();
      await page.getByText('Pollen de bouleau').waitFor();

      await page.getByRole('button', { name: /English/ }).click();
      await page.getByRole('heading', { level: 1, name: 'My health assessment' }).waitFor();
      await page.getByText('Sleep quality', { exact: true }).waitFor();
      await page.getByText('Poor', { exact: true }).waitFor();
      await page.getByText('Vegetarian', { exact: true }).waitFor();
      await page.goto('/client/consent-form-doc');
      await page.getByText(/Your signed consent form is on file/).waitFor();
      assert.equal(
        await page.getByRole('link', { name: 'Download the consent form (PDF)' }).getAttribute('href'),
        '/api/public/consent-form-template?lang=en',
      );
    });
  });
});
