// The public lists end to end (issue 13): the footer's newsletter with its double opt-in (real mails in
// maildev, the confirm and unsubscribe pages), the starter kit mailed as a PDF, the web settings an
// administrator changes (the title, the header logo and the favicon every public page then shows), the
// administrators' lists of these people and their deletion on request, and the waiting list from an
// expert's page.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { scrollTo, useBrowser, waitForPath, withPage } from './support/browser.mjs';
import { createApprovedExpert, eventually, signInAdmin } from './support/consultant.mjs';
import { admin, baseUrl, unique } from './support/env.mjs';
import { png } from './support/files.mjs';
import { exactly, submitSignIn } from './support/forms.mjs';
import { linkFrom, waitForMail } from './support/maildev.mjs';

const browser = useBrowser();
const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** A link of a mail as a path of the suite's server (the mail names its public origin). */
const pathOf = (link) => {
  const url = new URL(link);
  assert.equal(url.origin, new URL(baseUrl).origin, `the mail links to this server: ${link}`);
  return `${url.pathname}${url.search}`;
};

/** The footer's newsletter form, scrolled to (it loads as it comes near the screen). */
const footerForm = (page) => scrollTo(page, page.getByRole('contentinfo').getByRole('form', { name: 'Inscription à la newsletter' }));

/** Subscribes `email` from the footer of `path`. */
const subscribeFromFooter = async (page, path, email) => {
  await page.goto(path);
  const form = await footerForm(page);
  await form.getByLabel(exactly('Votre adresse e-mail')).fill(email);
  await form.getByRole('button', { name: 'S’inscrire' }).click();
  await page
    .getByRole('contentinfo')
    .getByRole('status')
    .filter({ hasText: 'Vérifiez votre boîte mail pour confirmer votre inscription' })
    .waitFor();
};

const signInAdminPage = async (page) => {
  await page.goto('/admin/sign-in');
  await submitSignIn(page, admin);
  await waitForPath(page, '/admin/dashboard');
};

/** In an admin list: searches `text` and waits for its row. */
const findRow = async (page, path, text) => {
  await page.goto(path);
  const search = page.getByRole('search');
  await search.getByRole('searchbox').fill(text);
  await search.getByRole('button', { name: /Rechercher|Search/ }).click();
  const row = page.getByRole('row').filter({ hasText: text });
  await row.waitFor();
  return row;
};

/** Deletes the row named by its delete button `label`, after confirming; waits for it to leave. */
const deleteRow = async (page, label, done) => {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer définitivement' }).click();
  await page.getByText(done).waitFor();
  await page.getByRole('button', { name: label }).waitFor({ state: 'detached' });
};

describe('newsletter', () => {
  it('a visitor on a phone subscribes from the footer, confirms by mail, is welcomed and unsubscribes', { timeout: 120_000 }, async () => {
    const email = `lettre-${unique()}@example.org`;
    await withPage(browser(), PHONE, async ({ page }) => {
      await subscribeFromFooter(page, '/about-us', email);
      // The link of the confirmation mail (French: the page's language) confirms on opening.
      const confirmation = await waitForMail({ to: email, subject: /Confirmez votre abonnement/ });
      await page.goto(pathOf(linkFrom(confirmation, '/newsletter/confirm/')));
      await page.getByRole('status').filter({ hasText: 'Votre inscription à la newsletter est confirmée.' }).waitFor();
      const welcome = await waitForMail({ to: email, subject: /Bienvenue dans la lettre/ });
      // The welcome mail's unsubscribe link: nothing happens until the button is pressed.
      const unsubscribe = pathOf(linkFrom(welcome, '/newsletter/unsubscribe/'));
      await page.goto(unsubscribe);
      await page.getByRole('heading', { level: 1, name: 'Se désinscrire de la newsletter' }).waitFor();
      const adminApi = await signInAdmin();
      const listed = async (status) =>
        (await adminApi.get(`/api/admin-panel/newsletter-subscribers?search=${encodeURIComponent(email)}&status=${status}`)).total;
      assert.equal(await listed('confirmed'), 1, 'still subscribed while the page is only open');
      await page.getByRole('button', { name: 'Me désinscrire' }).click();
      await page.getByRole('status').filter({ hasText: /Vous êtes désinscrit\(e\)/ }).waitFor();
      await eventually(async () => (await listed('confirmed')) === 0, 'the address erased');
      // The confirmation link is dead now: the page says why and offers the form again.
      await page.goto(pathOf(linkFrom(confirmation, '/newsletter/confirm/')));
      await page.getByRole('alert').first().waitFor();
      await page.getByRole('main').getByRole('form', { name: 'S’inscrire à nouveau' }).waitFor();
    });
  });

  it('an administrator finds a waiting subscriber by status and search, and deletes it', { timeout: 90_000 }, async () => {
    const email = `attente-${unique()}@example.org`;
    await withPage(browser(), PHONE, async ({ page }) => subscribeFromFooter(page, '/faq', email));
    await withPage(browser(), DESKTOP, async ({ page }) => {
      await signInAdminPage(page);
      await page.goto('/admin/view-newsletter-subscribers?status=pending');
      const row = await findRow(page, '/admin/view-newsletter-subscribers?status=pending', email);
      assert.match(await row.innerText(), /En attente de confirmation/);
      assert.equal(new URL(page.url()).searchParams.get('status'), 'pending');
      await deleteRow(page, `Supprimer l’abonné ${email}`, 'Abonné supprimé.');
    });
  });
});

describe('starter kit', () => {
  it('a visitor asks for the kit on the home page, it comes as a PDF; the administrator lists and deletes the request', { timeout: 90_000 }, async () => {
    const email = `kit-${unique()}@example.org`;
    const name = `Léa Kit ${unique()}`;
    await withPage(browser(), PHONE, async ({ page }) => {
      await page.goto('/');
      const form = await scrollTo(page, page.getByRole('form', { name: 'Demande du kit de démarrage' }));
      await form.getByLabel(exactly('Votre nom')).fill(name);
      await form.getByLabel(exactly('Votre adresse e-mail')).fill(email);
      await form.getByRole('button', { name: 'Recevoir le kit' }).click();
      await page.getByRole('status').filter({ hasText: /C’est envoyé/ }).waitFor();
    });
    const mail = await waitForMail({ to: email, subject: /kit de démarrage/ }, 30_000);
    const attachment = (mail.attachments ?? []).find((file) => /\.pdf$/.test(file.fileName ?? file.generatedFileName ?? ''));
    assert.ok(attachment, `a PDF attached: ${JSON.stringify(mail.attachments)}`);
    assert.equal(attachment.fileName ?? attachment.generatedFileName, 'kit-demarrage-bien-etre.pdf');
    assert.equal(attachment.contentType, 'application/pdf');

    await withPage(browser(), DESKTOP, async ({ page }) => {
      await signInAdminPage(page);
      await findRow(page, '/admin/view-user-starter-kit-requests', name);
      await deleteRow(page, `Supprimer la demande de ${name}`, 'Demande supprimée.');
    });
  });
});

describe('web settings', () => {
  let restore;
  after(async () => {
    // Leave the site as it was for the files running beside this one.
    if (restore) await restore();
  });

  it('an administrator in English changes the title, uploads a logo and a favicon; the public pages show them', { timeout: 120_000 }, async () => {
    const adminApi = await signInAdmin();
    const before = await adminApi.get('/api/admin-panel/web-settings');
    restore = () =>
      adminApi.expect(204, 'PUT', '/api/admin-panel/web-settings', {
        json: Object.fromEntries(
          ['site_title', 'domain_name', 'legal_name', 'web_logo', 'footer_logo', 'email_logo', 'favicon', 'twitter', 'youtube', 'instagram', 'linkedin'].map(
            (key) => [key, before[key]],
          ),
        ),
      });
    const title = `Equilibre ${unique()}`;
    await withPage(browser(), DESKTOP, async ({ page }) => {
      await signInAdminPage(page);
      await page.getByRole('button', { name: /English/ }).first().click();
      await page.goto('/admin/websetting');
      const form = page.getByRole('form', { name: 'Web settings' });
      await form.getByLabel(exactly('Site title')).fill(title);
      await form.getByLabel(exactly('Header logo')).setInputFiles(png('logo.png'));
      await form.getByRole('img', { name: 'Preview: Header logo' }).and(page.locator('img[src*="/api/admin-panel/files/"]')).waitFor();
      await form.getByLabel(exactly('Site icon (favicon)')).setInputFiles(png('favicon.png'));
      await form.getByRole('img', { name: 'Preview: Site icon (favicon)' }).and(page.locator('img[src*="/api/admin-panel/files/"]')).waitFor();
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Web settings saved.' }).waitFor();
    });

    await withPage(browser(), PHONE, async ({ page }) => {
      await page.goto('/about-us');
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      const logo = page.getByRole('banner').getByRole('img', { name: 'logo' });
      await eventually(async () => /\/api\/public\/web-settings\/web_logo/.test((await logo.getAttribute('src')) ?? ''), 'the new header logo');
      assert.deepEqual([await logo.getAttribute('width'), await logo.getAttribute('height')], ['120', '80']);
      // The image itself is served and is a PNG.
      const logoAnswer = await fetch(new URL(await logo.getAttribute('src'), baseUrl));
      assert.equal(logoAnswer.status, 200);
      assert.equal(logoAnswer.headers.get('content-type'), 'image/png');
      await eventually(
        async () => /\/api\/public\/web-settings\/favicon/.test(await page.locator('link[rel~="icon"]').getAttribute('href')),
        'the new favicon',
      );
      const favicon = await fetch(new URL(await page.locator('link[rel~="icon"]').getAttribute('href'), baseUrl));
      assert.equal(favicon.status, 200);
      await eventually(async () => (await page.title()).endsWith(title), 'the new title');
    });
  });
});

describe('waiting list', () => {
  it('a visitor joins the waiting list from an expert’s page; the administrator finds and deletes the entry', { timeout: 150_000 }, async () => {
    const expert = await createApprovedExpert();
    const email = `attente-${unique()}@example.org`;
    await withPage(browser(), PHONE, async ({ page }) => {
      await page.goto(`/our-experts/details/${expert.id}`);
      // The form comes when asked for, by the button below the slots.
      await page.getByRole('button', { name: 'Être prévenu(e) quand un créneau se libère' }).click();
      const form = page.getByRole('form', { name: 'Liste d’attente' });
      await form.getByLabel(exactly('Votre adresse e-mail')).fill(email);
      // Today and a week later in France, by default.
      assert.match(await form.getByLabel(exactly('Du')).inputValue(), /^\d{4}-\d{2}-\d{2}$/);
      await form.getByRole('button', { name: 'Me prévenir' }).click();
      await page.getByRole('status').filter({ hasText: /C’est noté/ }).waitFor();
    });
    await withPage(browser(), DESKTOP, async ({ page }) => {
      await signInAdminPage(page);
      const row = await findRow(page, '/admin/view-user-waiting-list', email);
      assert.match(await row.innerText(), new RegExp(expert.familyName));
      await deleteRow(page, `Supprimer l’inscription de ${email}`, 'Inscription supprimée.');
    });
  });
});
