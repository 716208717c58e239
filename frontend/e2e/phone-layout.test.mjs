// Every screen on a 375 × 667 phone, in French and in English: the page's title
// (h1) within the top 300 px, no sideways scrolling, the menu button usable by
// keyboard (Enter opens with focus inside, Escape closes with focus back), the
// welcome toast clear of the header, and no console error or failed request
// (refused, 4xx/5xx) on the public pages and in the client, consultant and
// admin areas (every page of each area's menu). What the public pages weigh is
// printed by `make bench` (frontend/bench/public-pages.mjs), not asserted here.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount } from './support/accounts.mjs';
import { assertAccessible } from './support/axe.mjs';
import { useBrowser, waitForPath, withPage } from './support/browser.mjs';
import { createApprovedExpert, signInAdmin, signInThroughPage } from './support/consultant.mjs';
import { admin } from './support/env.mjs';
import { submitSignIn } from './support/forms.mjs';

const browser = useBrowser();
const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const TITLE_WITHIN_PX = 300;

const PUBLIC_PAGES = [
  '/',
  '/about-us',
  '/our-experts',
  '/alternative-medicine',
  '/sdg-media',
  '/faq',
  '/team-and-vision',
  '/media',
  '/lifestyle-product',
  '/contact-us',
  '/terms-conditions',
  '/privacy-policy',
  '/sign-in',
  '/sign-up',
  '/public/client/sign-in',
  '/public/client/sign-up',
  '/public/client/forget-password',
  '/public/consultant/sign-in',
  '/public/consultant/sign-up',
  '/admin/sign-in',
];

/**
 * Everything the page says went wrong: console errors, uncaught errors, requests that
 * failed or were answered ≥ 400. A request cut short by leaving the page is not a failure.
 */
const watchProblems = (page) => {
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url ?? ''})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (!/ERR_ABORTED/.test(failure)) problems.push(`failed: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return {
    take: () => problems.splice(0),
  };
};

/**
 * Records the page's layout shifts (CLS sources): content arriving late (figures, slots,
 * the logo) must come into a place kept for it, not push what is already shown.
 */
const recordLayoutShifts = () => {
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};
/** Far below the 0.1 of a "good" page: what a late block pushing the page would show. */
const MAX_LAYOUT_SHIFT = 0.02;

/** Opens `path` and checks the screen as a phone shows it; returns the problems seen meanwhile. */
const checkScreen = async (page, watcher, path, language) => {
  await page.goto(path);
  const title = page.getByRole('heading', { level: 1 }).first();
  await title.waitFor({ state: 'visible' });
  // Late requests (lazy chunks, previews) have had their chance to fail, and the page is laid out.
  await page.waitForLoadState('networkidle');
  assert.equal(await page.evaluate(() => document.documentElement.lang), language, `${path}: interface language`);
  const box = await title.boundingBox();
  assert.ok(box, `${path}: the h1 is laid out`);
  const scrollY = await page.evaluate(() => window.scrollY);
  assert.ok(
    box.y + scrollY < TITLE_WITHIN_PX,
    `${path} (${language}): the h1 "${(await title.innerText()).trim()}" starts ${Math.round(box.y + scrollY)} px down`,
  );
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(width.scroll <= width.client, `${path} (${language}): scrolls sideways (${width.scroll} > ${width.client})`);
  const shift = await page.evaluate(() => window.__layoutShift);
  if (shift !== undefined) assert.ok(shift <= MAX_LAYOUT_SHIFT, `${path} (${language}): the layout shifts by ${shift.toFixed(3)}`);
  assert.deepEqual(watcher.take(), [], `${path} (${language}): console errors or failed requests`);
  // Every screen at 375 px (screens.test.mjs checks them at 1280 px); the English pass has the same markup.
  if (language === 'fr') await assertAccessible(page, `${path} at 375 px`);
};

/** The menu button: Enter opens the menu with focus inside, Escape closes it with focus back on the button. */
const checkMenuByKeyboard = async (page, navId, what) => {
  const button = page.locator(`button[aria-controls="${navId}"]`);
  const nav = page.locator(`#${navId}`);
  assert.equal(await button.getAttribute('aria-expanded'), 'false', `${what}: closed on arrival`);
  assert.equal(await nav.isVisible(), false, `${what}: the menu is hidden`);
  assert.ok((await button.innerText()).trim().length > 0 || (await button.getAttribute('aria-label')), `${what}: labelled`);
  await button.focus();
  await page.keyboard.press('Enter');
  await nav.waitFor({ state: 'visible' });
  assert.equal(await button.getAttribute('aria-expanded'), 'true', `${what}: open`);
  assert.ok(
    await page.evaluate((id) => document.getElementById(id)?.contains(document.activeElement), navId),
    `${what}: focus moved into the menu`,
  );
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'hidden' });
  assert.equal(await button.getAttribute('aria-expanded'), 'false', `${what}: closed by Escape`);
  assert.ok(await button.evaluate((element) => element === document.activeElement), `${what}: focus back on the button`);
};

/** The area menu's pages: every link of `#area-sidebar`, those of closed groups included. */
const areaMenuPaths = async (page) =>
  page.evaluate(() => [
    ...new Set([...document.querySelectorAll('#area-sidebar a[href]')].map((a) => a.getAttribute('href'))),
  ]);

/** The welcome toast after signing in (`Bienvenue, {name} !`) does not cover the header (read at once: it lasts 4.5 s). */
const checkToastClearOfHeader = async (page, name) => {
  const boxes = await page.waitForFunction((text) => {
    const message = [...document.querySelectorAll('[role="status"] span')].find((el) => el.textContent === text);
    const header = document.querySelector('header');
    if (!message || !header) return null;
    const rect = (el) => {
      const { x, y, width, height } = el.getBoundingClientRect();
      return { x, y, width, height };
    };
    return { t: rect(message.parentElement), h: rect(header) };
  }, `Bienvenue, ${name} !`);
  const { t, h } = await boxes.jsonValue();
  const overlaps = t.x < h.x + h.width && h.x < t.x + t.width && t.y < h.y + h.height && h.y < t.y + t.height;
  assert.equal(overlaps, false, `the welcome toast (${JSON.stringify(t)}) covers the header (${JSON.stringify(h)})`);
};

/** The area's screens in French, then in English. */
const checkArea = async (page, watcher, name, extraPaths = []) => {
  await checkToastClearOfHeader(page, name);
  for (const language of ['fr', 'en']) {
    if (language === 'en') await page.evaluate(() => localStorage.setItem('selectedLanguage', 'en'));
    const dashboard = new URL(page.url()).pathname;
    await checkScreen(page, watcher, dashboard, language);
    await checkMenuByKeyboard(page, 'area-sidebar', `area menu (${language})`);
    const paths = [...(await areaMenuPaths(page)), ...extraPaths];
    assert.ok(paths.length >= 8, `the menu lists the area's pages: ${paths}`);
    for (const path of paths) await checkScreen(page, watcher, path, language);
    await page.goto(dashboard);
  }
};

describe('phone layout', () => {
  let expert;
  before(async () => {
    expert = await createApprovedExpert({ adminSession: await signInAdmin() });
  });

  it('public pages at 375 px, in French and English', { timeout: 180_000 }, async () => {
    await withPage(browser(), PHONE, async ({ page }) => {
      const watcher = watchProblems(page);
      await page.addInitScript(recordLayoutShifts);
      for (const language of ['fr', 'en']) {
        if (language === 'en') await page.evaluate(() => localStorage.setItem('selectedLanguage', 'en'));
        for (const path of [...PUBLIC_PAGES, `/our-experts/details/${expert.id}`]) {
          await checkScreen(page, watcher, path, language);
        }
        await page.goto('/');
        await checkMenuByKeyboard(page, 'public-nav', `public menu (${language})`);
        // Choosing a link closes the menu.
        await page.locator('button[aria-controls="public-nav"]').click();
        await page.locator('#public-nav').getByRole('link', { name: /^(consultations en ligne|online consultations)$/i }).click();
        await waitForPath(page, '/our-experts');
        assert.equal(await page.locator('button[aria-controls="public-nav"]').getAttribute('aria-expanded'), 'false');
      }
      // A visitor opening a client page goes to the sign-in without a refused request.
      await page.goto('/client/my-booking');
      await waitForPath(page, '/public/client/sign-in');
      await page.waitForLoadState('networkidle');
      assert.deepEqual(watcher.take(), [], 'a visitor is sent to the sign-in quietly');
    });
  });

  it('client area at 375 px, in French and English', { timeout: 240_000 }, async () => {
    const person = await createAccount('client');
    await withPage(browser(), PHONE, async ({ page }) => {
      const watcher = watchProblems(page);
      await signInThroughPage(page, 'client', person);
      await checkArea(page, watcher, person.given_name, ['/client/health-assesment']);
      // A wide screen keeps the side menu, shown on arrival.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/client/my-booking');
      await page.locator('#area-sidebar').waitFor({ state: 'visible' });
      assert.equal(await page.locator('button[aria-controls="area-sidebar"]').getAttribute('aria-expanded'), 'true');
      const main = await page.locator('main').boundingBox();
      const side = await page.locator('#area-sidebar').boundingBox();
      assert.ok(side.x + side.width <= main.x, 'the menu is beside the page, not above it');
    });
  });

  it('consultant area at 375 px, in French and English (approved, and new)', { timeout: 300_000 }, async () => {
    const profileSections = [
      '/consultant/edit-account/basic-profile',
      '/consultant/edit-account/address-detail',
      '/consultant/edit-account/education-detail',
      '/consultant/edit-account/profile-detail',
      '/consultant/edit-account/document',
      '/consultant/edit-account/bank-detail',
      '/consultant/edit-account/certificate-detail/all-certificate',
      '/consultant/edit-account/add-certificate',
    ];
    await withPage(browser(), PHONE, async ({ page }) => {
      const watcher = watchProblems(page);
      await signInThroughPage(page, 'consultant', expert.person);
      await checkArea(page, watcher, expert.person.given_name, profileSections);
    });
    // A consultant not approved yet: the timings page has no slot preview to ask for.
    const newcomer = await createAccount('consultant');
    await withPage(browser(), PHONE, async ({ page }) => {
      const watcher = watchProblems(page);
      await signInThroughPage(page, 'consultant', newcomer);
      await checkScreen(page, watcher, '/consultant/add-timing', 'fr');
      await page.getByText('L’aperçu sera disponible quand votre profil sera approuvé.').waitFor();
    });
  });

  it('admin area at 375 px, in French and English', { timeout: 300_000 }, async () => {
    await withPage(browser(), PHONE, async ({ page }) => {
      const watcher = watchProblems(page);
      await page.goto('/admin/sign-in');
      await submitSignIn(page, admin);
      await waitForPath(page, '/admin/dashboard');
      await checkArea(page, watcher, 'Admin');
    });
  });
});
