// Consent and analytics (docs/api.md "Consent and usage analytics"): nothing of a
// third party loads before the visitor consents to advertising.
//
// A stand-in for the advertising pixel is served by a tiny local HTTP server (another
// origin): like Meta's script, it takes over the `fbq` queue the page defined, records
// every call in `window.__pixelCalls`, and asks its own origin for `/ping`, so what
// leaves the page is observable. A second `equilibre serve` over the suite's data names
// it in its configuration (`EQUILIBRE_PIXEL_SCRIPT_URL`, `EQUILIBRE_PIXEL_ID`).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { assertAccessible } from './support/axe.mjs';
import { createAccount } from './support/accounts.mjs';
import { useBrowser, waitForPath, withPage } from './support/browser.mjs';
import { signInThroughPage } from './support/consultant.mjs';
import { admin } from './support/env.mjs';
import { freePort, stopProcess } from './support/processes.mjs';
import { equilibreEnv, startEquilibre } from './support/services.mjs';

const browser = useBrowser();
const WIDE = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const PIXEL_ID = 'e2e-pixel';

/** The stand-in pixel: takes over the queue, records every call, then pings its origin. */
const PIXEL_SCRIPT = `(function () {
  var calls = (window.__pixelCalls = window.__pixelCalls || []);
  var record = function (args) { calls.push(Array.prototype.slice.call(args)); };
  var queued = (window.fbq && window.fbq.queue) || [];
  for (var i = 0; i < queued.length; i++) record(queued[i]);
  var fbq = function () { record(arguments); };
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  fetch(new URL('/ping', document.currentScript.src).href, { cache: 'no-store' });
})();
`;

/** node:http on a free port: `/pixel.js` and `/ping`, each request remembered. */
const startPixelServer = async () => {
  const port = await freePort();
  const hits = [];
  const server = createServer((request, response) => {
    hits.push(request.url);
    if (request.url === '/pixel.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(PIXEL_SCRIPT);
    } else if (request.url === '/ping') {
      response.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, hits, close: () => new Promise((resolve) => server.close(resolve)) };
};

let pixel;
let server;
let baseURL;

before(async () => {
  pixel = await startPixelServer();
  const port = await freePort();
  const env = {
    ...equilibreEnv({ dataDir: process.env.E2E_DATA_DIR, port, smtpUrl: process.env.E2E_SMTP_URL }),
    EQUILIBRE_PIXEL_SCRIPT_URL: `${pixel.origin}/pixel.js`,
    EQUILIBRE_PIXEL_ID: PIXEL_ID,
  };
  server = startEquilibre(process.env.E2E_WORK_DIR, env);
  await server.ready;
  baseURL = server.baseUrl;
});

after(async () => {
  await stopProcess(server?.proc);
  await pixel?.close();
});

/** Every http(s) request the page makes, by URL. */
const watchRequests = (page) => {
  const urls = [];
  page.on('request', (request) => {
    if (/^https?:/.test(request.url())) urls.push(request.url());
  });
  return urls;
};

const banner = (page) => page.getByRole('region', { name: 'Vos choix de cookies' });
const pixelCalls = (page) => page.evaluate(() => window.__pixelCalls ?? null);
const pageViews = async (page) => ((await pixelCalls(page)) ?? []).filter(([method]) => method === 'track').length;
const storedChoice = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('equilibre-consent') ?? 'null'));

/** A client-side navigation: the header's link, then its page's title. */
const followHeaderLink = async (page, name, path, title) => {
  await page.locator('#public-nav').getByRole('link', { name, exact: true }).click();
  await waitForPath(page, path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
};

describe('consent and the advertising pixel', () => {
  it('a visitor who refuses: across two pages, no request leaves for another origin, and no pixel', { timeout: 90_000 }, async () => {
    await withPage(browser(), { ...WIDE, baseURL }, async ({ page }) => {
      const urls = watchRequests(page);
      await page.goto('/');
      // The pixel is configured: the settings name it, yet nothing is loaded before a choice.
      const settings = await (await page.request.get('/api/public/web-settings')).json();
      assert.deepEqual(settings.pixel, { script_url: `${pixel.origin}/pixel.js`, id: PIXEL_ID });
      await banner(page).getByRole('button', { name: 'Tout refuser' }).click();
      await banner(page).waitFor({ state: 'detached' });
      const choice = await storedChoice(page);
      assert.deepEqual([choice.analytics, choice.advertising, choice.version], [false, false, 1]);
      assert.ok(Math.abs(Date.parse(choice.date) - Date.now()) < 60_000, `dated now: ${choice.date}`);

      await followHeaderLink(page, 'À propos', '/about-us', 'À propos');
      await page.goto('/our-experts');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await banner(page).count(), 0, 'the choice is remembered');

      const own = new URL(baseURL).origin;
      assert.deepEqual(urls.filter((url) => new URL(url).origin !== own), [], 'requests to other origins');
      assert.ok(urls.length > 5, `the pages did load (${urls.length} requests)`);
      assert.equal(await page.evaluate(() => typeof window.fbq), 'undefined');
      assert.equal(await page.locator(`script[src^="${pixel.origin}"]`).count(), 0);
      assert.deepEqual(pixel.hits, []);
    });
  });

  it('a visitor who accepts: the pixel loads with init and PageView, one more per navigation; withdrawn from the footer', { timeout: 90_000 }, async () => {
    await withPage(browser(), { ...WIDE, baseURL }, async ({ page }) => {
      const urls = watchRequests(page);
      const fromPixel = () => urls.filter((url) => url.startsWith(`${pixel.origin}/`));
      await page.goto('/');
      await banner(page).waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(fromPixel(), [], 'nothing before the choice');

      // At 1280 px, the three choices are one row of equal buttons.
      const boxes = await Promise.all([0, 1, 2].map((i) => banner(page).getByRole('button').nth(i).boundingBox()));
      assert.equal(new Set(boxes.map((b) => `${b.width}x${b.height}@${b.y}`)).size, 1, JSON.stringify(boxes));

      await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
      await page.waitForFunction(() => window.__pixelCalls?.some(([method]) => method === 'track'));
      assert.deepEqual((await pixelCalls(page)).slice(0, 2), [
        ['init', PIXEL_ID],
        ['track', 'PageView'],
      ]);
      await page.waitForFunction((origin) => performance.getEntriesByName(`${origin}/ping`).length > 0, pixel.origin);
      assert.deepEqual(fromPixel(), [`${pixel.origin}/pixel.js`, `${pixel.origin}/ping`]);
      assert.deepEqual(pixel.hits, ['/pixel.js', '/ping']);
      assert.equal(await page.locator(`script[src="${pixel.origin}/pixel.js"]`).getAttribute('async'), '');

      await followHeaderLink(page, 'Blog', '/blog', 'Blog');
      await page.waitForFunction(() => window.__pixelCalls.filter(([method]) => method === 'track').length === 2);
      assert.deepEqual((await pixelCalls(page)).at(-1), ['track', 'PageView']);
      assert.equal(await page.locator(`script[src^="${pixel.origin}"]`).count(), 1, 'loaded once');

      // Changed back from the footer: the pixel is told to stop, then never called again.
      await page.getByRole('contentinfo').getByRole('button', { name: 'Gérer les cookies' }).click();
      const reopened = banner(page);
      await reopened.waitFor();
      assert.ok(await reopened.evaluate((element) => element.contains(document.activeElement)), 'focus in the banner');
      await reopened.getByRole('button', { name: 'Tout refuser' }).click();
      await reopened.waitFor({ state: 'detached' });
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        'Gérer les cookies',
        'focus back on the footer’s button',
      );
      assert.deepEqual((await pixelCalls(page)).at(-1), ['consent', 'revoke']);
      const calls = (await pixelCalls(page)).length;
      await followHeaderLink(page, 'À propos', '/about-us', 'À propos');
      await page.waitForLoadState('networkidle');
      assert.equal((await pixelCalls(page)).length, calls, 'no call after the withdrawal');
      assert.equal(await pageViews(page), 2);

      // A reload loads nothing.
      const before = fromPixel().length;
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'À propos' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(fromPixel().length, before, 'no request to the pixel after the reload');
      assert.equal(await page.evaluate(() => typeof window.fbq), 'undefined');
      assert.equal(await banner(page).count(), 0);
    });
  });

  it('on a phone: the banner early by keyboard, its choices the same size, no axe violation (closed and customising)', { timeout: 90_000 }, async () => {
    await withPage(browser(), { ...PHONE, baseURL }, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const region = banner(page);
      await region.waitFor();
      await page.waitForLoadState('networkidle');

      const buttons = region.getByRole('button');
      assert.deepEqual(await buttons.allInnerTexts(), ['Tout accepter', 'Tout refuser', 'Personnaliser']);
      const [accept, refuse] = await Promise.all([0, 1].map((i) => buttons.nth(i).boundingBox()));
      assert.deepEqual([refuse.width, refuse.height], [accept.width, accept.height], 'refusing is the same button as accepting');
      assert.equal(refuse.y, accept.y, 'side by side');
      const box = await region.boundingBox();
      assert.ok(box.y + box.height <= 667 + 0.5 && box.y > 667 / 3, `the banner sits at the bottom (${JSON.stringify(box)})`);
      const width = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(width[0] <= width[1], `nothing scrolls sideways (${width})`);

      // The skip link, then the banner: the first stops of the keyboard.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Aller au contenu');
      await page.keyboard.press('Tab');
      assert.ok(await region.evaluate((element) => element.contains(document.activeElement)), 'Tab reaches the banner next');
      await assertAccessible(page, '/ with the cookie banner at 375 px');

      // In English too, the same buttons.
      await page.getByRole('button', { name: /English/ }).first().click();
      const english = page.getByRole('region', { name: 'Your cookie choices' });
      await english.waitFor();
      assert.deepEqual(await english.getByRole('button').allInnerTexts(), ['Accept all', 'Reject all', 'Customise']);
      const [acceptEn, refuseEn] = await Promise.all([0, 1].map((i) => english.getByRole('button').nth(i).boundingBox()));
      assert.deepEqual([refuseEn.width, refuseEn.height, refuseEn.y], [acceptEn.width, acceptEn.height, acceptEn.y]);
      await page.getByRole('button', { name: /Français/ }).first().click();
      await region.waitFor();

      await region.getByRole('button', { name: 'Personnaliser' }).click();
      const analytics = region.getByRole('checkbox', { name: 'Mesure d’audience' });
      await analytics.waitFor();
      assert.equal(await analytics.isChecked(), false);
      assert.equal(await region.getByRole('checkbox', { name: 'Publicité' }).isChecked(), false);
      await assertAccessible(page, '/ with the cookie choices open at 375 px');

      await analytics.check();
      await region.getByRole('button', { name: 'Enregistrer mes choix' }).click();
      await region.waitFor({ state: 'detached' });
      const choice = await storedChoice(page);
      assert.deepEqual([choice.analytics, choice.advertising, choice.version], [true, false, 1]);
      assert.equal(await page.evaluate(() => typeof window.fbq), 'undefined', 'no pixel without advertising');
    });
  });

  it('a client who accepted audience measurement: one usage event per visit; the administrator sees them', { timeout: 120_000 }, async () => {
    const person = await createAccount('client');
    await withPage(browser(), WIDE, async ({ page }) => {
      const events = [];
      page.on('response', (response) => {
        if (!response.url().endsWith('/api/client/usage-events')) return;
        const { view } = response.request().postDataJSON();
        events.push(response.json().then((body) => ({ status: response.status(), view, body })));
      });
      await page.goto('/public/client/sign-in');
      const region = banner(page);
      await region.getByRole('button', { name: 'Personnaliser' }).click();
      await region.getByRole('checkbox', { name: 'Mesure d’audience' }).check();
      await region.getByRole('button', { name: 'Enregistrer mes choix' }).click();
      await region.waitFor({ state: 'detached' });
      assert.deepEqual(events, [], 'nothing before a measured screen');

      await signInThroughPage(page, 'client', person);
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/usage-events')));
      await page.goto('/client/my-booking');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(await Promise.all(events), [
        { status: 202, view: 'dashboard', body: { recorded: true } },
        { status: 202, view: 'bookings', body: { recorded: true } },
      ]);
    });

    await withPage(browser(), WIDE, async ({ page }) => {
      await page.goto('/');
      await banner(page).getByRole('button', { name: 'Tout refuser' }).click();
      await signInThroughPage(page, 'admin', admin);
      const usage = page.getByRole('table', { name: 'Fréquentation (avec consentement)' });
      // The weekly counts are a read model: it may take a moment.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const section = page.getByRole('region', { name: 'Fréquentation (avec consentement)' });
        await section.getByText(/Semaine \d+ de \d{4}|Aucune visite/).first().waitFor();
        const rows = await usage.getByRole('row').allInnerTexts();
        const counted = (screen) => rows.some((row) => new RegExp(`${screen}\\s+Client\\s+\\d`).test(row));
        if (counted('Tableau de bord') && counted('Mes réservations')) break;
        assert.ok(Date.now() < deadline, `the client's visits are counted: ${JSON.stringify(rows)}`);
        await page.reload();
      }
      await assertAccessible(page, '/admin/dashboard with the usage table at 1280 px');
    });
  });
});
