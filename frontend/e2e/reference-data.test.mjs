// Reference lists in the admin area: an item added, moved to the trash (it
// leaves the public pickers) and restored from the trash (it comes back).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api } from './support/accounts.mjs';
import { useBrowser, waitForPath, withPage } from './support/browser.mjs';
import { admin, unique } from './support/env.mjs';
import { exactly, submitSignIn } from './support/forms.mjs';

const browser = useBrowser();

/** Whether the public disorder picker lists `name`, once the read side has caught up (≤ 5 s). */
const inPicker = async (name, expected) => {
  let listed;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await api('/api/public/reference/disorders');
    assert.equal(answer.status, 200);
    listed = answer.body.items.some((item) => item.name_fr === name);
    if (listed === expected) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return listed;
};

describe('reference lists', () => {
  it('a trashed disorder leaves the pickers and comes back when restored', { timeout: 90_000 }, async () => {
    const name = `Vertiges ${unique()}`;
    await withPage(browser(), {}, async ({ page }) => {
      await page.goto('/admin/sign-in');
      await submitSignIn(page, admin);
      await waitForPath(page, '/admin/dashboard');

      await page.goto('/admin/add-disorders');
      await page.getByLabel(exactly('Nom en français')).fill(name);
      await page.getByLabel(exactly('Nom en anglais')).fill(`Dizziness ${name.split(' ')[1]}`);
      await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await page.getByText('L’élément a été ajouté.').waitFor();
      assert.equal(await inPicker(name, true), true);

      await page.goto('/admin/view-disorders');
      await page.getByRole('search').getByRole('searchbox').fill(name);
      await page.getByRole('search').getByRole('button').click();
      await page.getByRole('button', { name: `Mettre à la corbeille ${name}` }).click();
      await page.getByRole('group', { name: `Mettre « ${name} » à la corbeille ?` })
        .getByRole('button', { name: 'Confirmer' })
        .click();
      await page.getByText(`« ${name} » a été mis à la corbeille.`).waitFor();
      assert.equal(await inPicker(name, false), false);

      await page.goto('/admin/view-trash-disorders');
      await page.getByRole('search').getByRole('searchbox').fill(name);
      await page.getByRole('search').getByRole('button').click();
      await page.getByRole('button', { name: `Restaurer ${name}` }).click();
      await page.getByText(`« ${name} » a été restauré.`).waitFor();
      assert.equal(await inPicker(name, true), true);

      await page.goto('/admin/view-disorders');
      await page.getByRole('search').getByRole('searchbox').fill(name);
      await page.getByRole('search').getByRole('button').click();
      await page.getByRole('rowheader', { name, exact: true }).waitFor();
    });
  });
});
