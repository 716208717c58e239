// The lifestyle page end to end (issue 13, docs/api.md "Lifestyle catalogue", "Digital products"): a
// catalogue of eight items and two digital products (one at 12 €, one free), written through the
// administrators' API first, on a phone and a desktop, filtered
// in the address, details in a dialog, axe-clean; a visitor who buys is sent to the client sign-in and comes
// back; the client pays with the sandbox card form, downloads, claims the free product and sees « Mes achats »;
// the administrator's digital product list.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount } from './support/accounts.mjs';
import { assertAccessible } from './support/axe.mjs';
import { useBrowser, waitForPath, withPage } from './support/browser.mjs';
import { signInAdmin, signInThroughPage } from './support/consultant.mjs';
import { admin, unique } from './support/env.mjs';
import { pdf, png } from './support/files.mjs';
import { submitSignIn } from './support/forms.mjs';
import { payWith, SANDBOX_CARDS } from './support/payments.mjs';

const browser = useBrowser();
const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

const noSidewaysScroll = async (page) => {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(widths.scroll <= widths.client, `sideways scrolling: ${JSON.stringify(widths)}`);
};

describe('lifestyle page', () => {
  // The suite's server starts without demo data: the editors write what the page shows.
  before(async () => {
    const desk = await signInAdmin();
    const token = unique();
    const benefit = (await desk.expect(201, 'POST', '/api/admin-panel/reference/benefits', {
      json: { name_fr: `Sommeil ${token}`, name_en: `Sleep ${token}` },
    })).id;
    const picture = await desk.upload('catalogue_image', png('plante.png'));
    const kinds = ['single_herb', 'herb', 'compilation'];
    for (let n = 0; n < 8; n += 1) {
      await desk.expect(201, 'POST', '/api/admin-panel/lifestyle-products', {
        json: {
          kind: kinds[n % 3], name_fr: `Plante ${n} ${token}`, name_en: `Plant ${n} ${token}`, latin_name: '',
          description_fr: `Une **plante** de la tradition ayurvédique (${n}).`, description_en: '',
          benefit_ids: [benefit], image: n === 0 ? picture : '',
        },
      });
    }
    const file = await desk.upload('digital_product_file', pdf('guide.pdf', 'Guide e2e'));
    for (const [title, price] of [[`Guide du sommeil ${token}`, 1200], [`Carnet de respiration ${token}`, 0]]) {
      await desk.expect(201, 'POST', '/api/admin-panel/digital-products', {
        json: {
          title_fr: title, title_en: `${title} (en)`, description_fr: 'Un programme de sept jours.', description_en: '',
          price_minor: price, currency: 'EUR', file, cover: '',
        },
      });
    }
  });

  for (const [name, options] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    it(`shows the catalogue and the digital products on a ${name}, filters in the address`, async () => {
      await withPage(browser(), options, async ({ page }) => {
        await page.goto('/lifestyle-product');
        const catalogue = page.getByRole('region', { name: 'Catalogue ayurvédique' });
        await catalogue.getByRole('article').first().waitFor();
        assert.ok((await catalogue.getByRole('article').count()) >= 8, 'the demo data seeds 8 catalogue items');
        const products = page.getByRole('region', { name: 'Produits numériques' });
        await products.getByRole('button', { name: /^Acheter « .+ » — 12,00\s€$/ }).waitFor();
        await products.getByText('Gratuit', { exact: true }).first().waitFor();
        await products.getByText(/L221-28 13°/).first().waitFor();
        await noSidewaysScroll(page);
        await assertAccessible(page, `/lifestyle-product (${name})`);

        await catalogue.getByLabel('Type').selectOption('single_herb');
        await catalogue.getByRole('button', { name: 'Filtrer' }).click();
        await page.waitForURL(/[?&]kind=single_herb/);

        await catalogue.getByRole('button', { name: /^Voir le détail de/ }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await assertAccessible(page, `/lifestyle-product details (${name})`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      });
    });
  }

  it('sends a visitor to the client sign-in and back, then the client pays, downloads and claims', async () => {
    const person = await createAccount('client');
    await withPage(browser(), DESKTOP, async ({ page }) => {
      await page.goto('/lifestyle-product');
      await page.getByRole('button', { name: /^Acheter « .+ » — 12,00/ }).click();
      await waitForPath(page, '/public/client/sign-in');
      await submitSignIn(page, person);
      await waitForPath(page, '/lifestyle-product');
      await page.getByRole('region', { name: 'Mes achats' }).getByText('Vous n’avez encore aucun produit numérique.').waitFor();

      await page.getByRole('button', { name: /^Acheter « .+ » — 12,00/ }).click();
      const dialog = page.getByRole('dialog', { name: /^Acheter « / });
      await dialog.waitFor();
      await payWith(page, SANDBOX_CARDS.paid);
      await dialog.getByText('Paiement accepté : le produit est dans vos achats.').waitFor();
      const download = dialog.getByRole('link', { name: /^Télécharger « / });
      const href = await download.getAttribute('href');
      const answer = await page.request.get(href);
      assert.equal(answer.status(), 200, `download ${href}`);
      assert.match(answer.headers()['content-type'] ?? '', /pdf/);
      await dialog.getByRole('button', { name: 'Fermer' }).click();

      await page.getByRole('button', { name: /^Obtenir gratuitement « / }).click();
      await page.getByText('Le produit a été ajouté à vos achats.').waitFor();
      const purchases = page.getByRole('region', { name: 'Mes achats' });
      await purchases.getByRole('link', { name: /^Télécharger « / }).nth(1).waitFor();
      await assertAccessible(page, '/lifestyle-product (client)');
    });
  });

  it('lists the digital products for the administrator', async () => {
    await withPage(browser(), DESKTOP, async ({ page }) => {
      await signInThroughPage(page, 'admin', admin);
      await page.goto('/admin/view-digital-product');
      await page.getByRole('table').getByRole('rowheader').first().waitFor();
      assert.ok((await page.getByRole('table').getByRole('rowheader').count()) >= 2);
      await assertAccessible(page, '/admin/view-digital-product');
      await page.goto('/admin/add-digital-product');
      await page.getByLabel(/^Fichier PDF/).waitFor();
      await assertAccessible(page, '/admin/add-digital-product');
    });
  });
});
