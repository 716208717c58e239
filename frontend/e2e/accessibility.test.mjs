// axe-core on the public entry pages, as rendered by Chromium.
import { describe, it } from 'node:test';
import { assertAccessible } from './support/axe.mjs';
import { useBrowser, withPage } from './support/browser.mjs';

const browser = useBrowser();

const pages = [
  { path: '/', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/public/client/sign-in', ready: (page) => page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor() },
  { path: '/public/client/sign-up', ready: (page) => page.getByRole('button', { name: 'Suivant', exact: true }).waitFor() },
];

describe('accessibility (axe)', () => {
  for (const { path, ready } of pages) {
    it(`${path} has no axe violations`, { timeout: 60_000 }, async () => {
      await withPage(browser(), {}, async ({ page }) => {
        await page.goto(path);
        await ready(page);
        await assertAccessible(page, path);
      });
    });
  }
});
