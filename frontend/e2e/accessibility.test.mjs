// axe-core on the public entry pages, as rendered by Chromium.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { useBrowser, withPage } from './support/browser.mjs';

const browser = useBrowser();

const describeViolations = (violations) =>
  violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n')}`)
    .join('\n');

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
        const { violations } = await new AxeBuilder({ page }).analyze();
        assert.equal(violations.length, 0, describeViolations(violations));
      });
    });
  }
});
