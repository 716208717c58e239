// axe-core on the public entry pages, as rendered by Chromium; the static and legal pages
// (the server's texts) on a 375 px phone.
import { describe, it } from 'node:test';
import { assertAccessible } from './support/axe.mjs';
import { scrollTo, useBrowser, withPage } from './support/browser.mjs';

const browser = useBrowser();

const pages = [
  { path: '/', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/public/client/sign-in', ready: (page) => page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor() },
  { path: '/public/client/sign-up', ready: (page) => page.getByRole('button', { name: 'Suivant', exact: true }).waitFor() },
];

/** The static pages and the legal texts: their title (h1) arrives with the server's text. */
const textPages = [
  '/about-us',
  '/alternative-medicine',
  '/sdg-media',
  '/faq',
  '/team-and-vision',
  '/media',
  '/terms-conditions',
  '/privacy-policy',
];
/**
 * The pages the newsletter's and the waiting list's mails link to (a dead confirmation link shows the reason
 * and the form to subscribe again), and the pages with the lists' forms (home: starter kit; the footer's newsletter).
 */
const listPages = [
  { path: '/newsletter/confirm/unknown-key/unknown-token', ready: (page) => page.getByRole('alert').first().waitFor() },
  { path: '/newsletter/unsubscribe/unknown-key/unknown-token', ready: (page) => page.getByRole('button', { name: 'Me désinscrire' }).waitFor() },
  {
    path: '/waiting-list/leave/00000000-0000-0000-0000-000000000000/unknown-token',
    ready: (page) => page.getByRole('button', { name: 'Quitter la liste d’attente' }).waitFor(),
  },
  {
    path: '/',
    ready: (page) => scrollTo(page, page.getByRole('form', { name: 'Demande du kit de démarrage' })),
  },
];
const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };

describe('accessibility (axe)', () => {
  for (const path of textPages) {
    it(`${path} has no axe violations at 375 px`, { timeout: 60_000 }, async () => {
      await withPage(browser(), PHONE, async ({ page }) => {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // The footer's disclaimer has had its chance to arrive.
        await page.waitForLoadState('networkidle');
        await assertAccessible(page, `${path} at 375 px`);
      });
    });
  }
  for (const { path, ready } of listPages) {
    it(`${path} (newsletter, starter kit, waiting list) has no axe violations at 375 px`, { timeout: 60_000 }, async () => {
      await withPage(browser(), PHONE, async ({ page }) => {
        await page.goto(path);
        await ready(page);
        // The lists' forms load as they come near the screen.
        await scrollTo(page, page.getByRole('form', { name: 'Inscription à la newsletter' }));
        await page.waitForLoadState('networkidle');
        await assertAccessible(page, `${path} at 375 px`);
      });
    });
  }
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
