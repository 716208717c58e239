// The route table as a visitor meets it, served by the real binary (SPA fallback).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useBrowser, visibleText, withPage } from './support/browser.mjs';
import { exactly, fr } from './support/forms.mjs';

const browser = useBrowser();

describe('routing', () => {
  it('matches paths case-insensitively, shows the 404 page, and answers sign-in under both prefixes', { timeout: 60_000 }, async () => {
    await withPage(browser(), {}, async ({ page }) => {
      const h1 = page.getByRole('heading', { level: 1 });

      await page.goto('/ABOUT-US');
      // The page's built-in title (an administrator may edit it: docs/api.md "Static pages and legal texts").
      assert.equal(await visibleText(h1), 'À propos d’Equilibre');

      await page.goto('/no/such/page');
      assert.equal(await visibleText(h1), 'Page introuvable');
      await page.getByRole('link', { name: 'Retour à l’accueil' }).waitFor();

      for (const path of ['/public/client/sign-in', '/client/sign-in']) {
        await page.goto(path);
        assert.equal(await visibleText(h1), 'Connexion — Espace client', path);
        await page.getByLabel(exactly(fr.email)).waitFor();
        await page.getByLabel(exactly(fr.password)).waitFor();
        await page.getByRole('button', { name: fr.signIn, exact: true }).waitFor();
        assert.equal(new URL(page.url()).pathname, path, 'no redirect');
      }
    });
  });
});
