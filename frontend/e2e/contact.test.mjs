// The contact form end to end: a visitor on a phone writes to the team, the
// administrators are mailed (real SMTP), and an administrator finds the
// message in the contact-us list and deletes it on request.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useBrowser, waitForPath, withPage } from './support/browser.mjs';
import { admin, unique } from './support/env.mjs';
import { exactly, submitSignIn } from './support/forms.mjs';
import { waitForMail } from './support/maildev.mjs';

const browser = useBrowser();
const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };

describe('contact form', () => {
  it('a visitor writes, the administrator is mailed, finds the message and deletes it', { timeout: 90_000 }, async () => {
    const name = `Camille Contact ${unique()}`;
    const subject = `Partenariat ${unique()}`;
    await withPage(browser(), PHONE, async ({ page }) => {
      await page.goto('/contact-us');
      await page.getByRole('heading', { level: 1, name: 'Nous contacter' }).waitFor();
      // A person sending nothing is told what is missing, and nothing leaves.
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await page.getByText(/obligatoire/i).first().waitFor();
      await page.getByLabel(exactly('Nom')).fill(name);
      await page.getByLabel(exactly('E-mail')).fill(`${unique()}@example.org`);
      await page.getByLabel(exactly('Organisation ou entreprise (facultatif)')).fill('Atelier Lumière');
      await page.getByLabel(exactly('Objet')).fill(subject);
      await page.getByLabel(exactly('Message')).fill('Bonjour,\nnous aimerions proposer vos consultations à nos salariés.');
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await page.getByRole('status').filter({ hasText: 'Merci, votre message a bien été envoyé.' }).waitFor();
    });

    const mail = await waitForMail({ to: admin.email, subject: new RegExp(`Nouveau message de contact : ${subject}`) });
    assert.match(mail.text, new RegExp(name));
    assert.match(mail.text, /Atelier Lumière/);
    assert.match(mail.text, /\/admin\/view-contact-us-list/);

    await withPage(browser(), {}, async ({ page }) => {
      await page.goto('/admin/sign-in');
      await submitSignIn(page, admin);
      await waitForPath(page, '/admin/dashboard');
      await page.goto('/admin/view-contact-us-list');
      await page.getByRole('search').getByRole('searchbox').fill(name);
      await page.getByRole('search').getByRole('button').click();
      await page.getByRole('rowheader', { name, exact: true }).waitFor();
      await page.getByRole('button', { name: `Supprimer le message de ${name}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Supprimer définitivement' }).click();
      await page.getByText('Message supprimé.').waitFor();
      await page.getByRole('rowheader', { name, exact: true }).waitFor({ state: 'detached' });
    });
  });
});
