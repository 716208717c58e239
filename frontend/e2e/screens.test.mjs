// Every screen of the spec's §2 (src/config/screens.json) as a browser meets it, served by
// the real binary: each one marked built shows its own page in its area (signed in as that
// area's person), never the not-found or the error page; each one marked later still
// answers the not-found page (mark it built when its work lands). Screens whose path names
// an entity are visited with a real one where this suite has it (an expert, a client).
// axe finds no violation on any of them (at 1280 px, Playwright's default viewport).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { api, createAccount } from './support/accounts.mjs';
import { assertAccessible } from './support/axe.mjs';
import { useBrowser, visibleText, withPage } from './support/browser.mjs';
import { createApprovedExpert, signIn, signInAdmin, signInThroughPage } from './support/consultant.mjs';
import { admin } from './support/env.mjs';

const browser = useBrowser();
const { screens } = JSON.parse(readFileSync(new URL('../src/config/screens.json', import.meta.url), 'utf8'));
const NOT_FOUND = 'Page introuvable';
const SERVER_ERROR = 'Une erreur est survenue';

/** Where a built screen is visited: its `href`, an entity of this suite in place of an id, or none. */
const hrefOf = (screen, ids) => {
  if (!screen.path.includes('/:') || screen.path.endsWith('?')) return screen.href;
  return ids[screen.path] ?? null;
};

/** The page's h1 once shown. */
const titleAt = async (page, href) => {
  await page.goto(href);
  return visibleText(page.getByRole('heading', { level: 1 }).first());
};

const visitArea = async (page, area, ids) => {
  const visited = [];
  for (const screen of screens.filter((s) => s.area === area && s.status === 'built')) {
    const href = hrefOf(screen, ids);
    if (!href) continue;
    const title = await titleAt(page, href);
    const expected = { 'not-found': NOT_FOUND, 'server-error': SERVER_ERROR }[screen.shows];
    if (expected) assert.equal(title, expected, href);
    else assert.ok(title !== NOT_FOUND && title !== SERVER_ERROR, `${href} shows "${title}"`);
    // Every screen at 1280 px (phone-layout.test.mjs checks them at 375 px).
    await page.waitForLoadState('networkidle');
    await assertAccessible(page, `${href} at 1280 px`);
    visited.push(href);
  }
  return visited;
};

describe('the spec’s screens', () => {
  let expert;
  let client;
  let clientId;
  before(async () => {
    expert = await createApprovedExpert({ adminSession: await signInAdmin() });
    client = await createAccount('client');
    clientId = (await signIn('client', client)).accountId;
  });

  it('every built public screen shows its page', { timeout: 120_000 }, async () => {
    await withPage(browser(), {}, async ({ page }) => {
      const visited = await visitArea(page, 'public', { '/our-experts/details/:id': `/our-experts/details/${expert.id}` });
      assert.ok(visited.length >= 20, `visited ${visited.length}`);
    });
    // The home page: the server's live figures (those worth showing), no blog teaser or newsletter.
    // A fresh page (the figures are cached a minute) read between two reads of the API, since
    // the files running beside this one add people meanwhile: each figure shown lies between them.
    await withPage(browser(), {}, async ({ page }) => {
      const shownOf = (figures) => ['experts', 'clients', 'consultations'].filter((name) => figures[name] >= figures.shown_from);
      const { body: before } = await api('/api/public/figures');
      await titleAt(page, '/');
      await page.waitForLoadState('networkidle');
      const shown = await page.getByRole('list', { name: 'Equilibre en chiffres' }).locator('strong').allInnerTexts();
      const { body: after } = await api('/api/public/figures');
      const values = shown.map((text) => Number(text.replace(/\D/g, '')));
      const names = [shownOf(before), shownOf(after)].find((candidate) => candidate.length === values.length);
      assert.ok(names, `figures shown: ${shown}`);
      names.forEach((name, index) =>
        assert.ok(before[name] <= values[index] && values[index] <= after[name], `${name}: ${values[index]} not in ${before[name]}..${after[name]}`),
      );
      assert.equal(await page.getByText(/bientôt|lettre d’information/i).count(), 0, 'nothing unfinished');
    });
  });

  // One test per area: each walks every screen of its menu with axe, a few minutes on a busy machine.
  for (const area of ['client', 'consultant', 'admin']) {
    it(`every built screen of the ${area} area shows its page`, { timeout: 300_000 }, async () => {
      const people = { client, consultant: expert.person, admin };
      const ids = {
        '/admin/consultant/consultant-profile/:id': `/admin/consultant/consultant-profile/${expert.id}`,
        '/admin/client/client-profile/:id': `/admin/client/client-profile/${clientId}`,
      };
      await withPage(browser(), {}, async ({ page }) => {
        await signInThroughPage(page, area, people[area]);
        const visited = await visitArea(page, area, ids);
        assert.ok(visited.length >= 10, `${area}: visited ${visited.length}`);
      });
    });
  }

  it('every screen left for later work still answers the not-found page', { timeout: 120_000 }, async () => {
    await withPage(browser(), {}, async ({ page }) => {
      await signInThroughPage(page, 'admin', admin);
      for (const screen of screens.filter((s) => s.status === 'later')) {
        assert.equal(await titleAt(page, screen.href), NOT_FOUND, `${screen.href} (${screen.later})`);
      }
    });
  });
});
