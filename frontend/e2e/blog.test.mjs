// The blog end to end: an editor writes a post in French and English on the
// admin screens, previews its Markdown and schedules it a minute ahead; the
// post is not on the site yet. When its time comes the reactions worker's
// scheduled command publishes it: the home page's latest posts show it in
// French, then in English, and the post opens in the reader's language.
// (A server with its clock run ahead would not do: its workers keep the wall
// clock, see `worker_clock` in equilibre/src/lib.rs.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { scrollTo, useBrowser, waitForPath, withPage } from './support/browser.mjs';
import { admin, unique } from './support/env.mjs';
import { submitSignIn } from './support/forms.mjs';
import { assertAccessible } from './support/axe.mjs';

const browser = useBrowser();
const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
/** How far ahead the post is scheduled. */
const AHEAD_MS = 45_000;

/** `datetime-local` value (with seconds) for `date` in Europe/Paris (the contexts' zone). */
const parisLocal = (date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
};

describe('blog', () => {
  it('an editor schedules a post that appears at its time on the home page in both languages', { timeout: 180_000 }, async () => {
    const tag = unique();
    const titleFr = `Marcher en forêt ${tag}`;
    const titleEn = `Walking in the forest ${tag}`;
    let due = 0;
    await withPage(browser(), {}, async ({ page }) => {
      await page.goto('/admin/sign-in');
      await submitSignIn(page, admin);
      await waitForPath(page, '/admin/dashboard');
      await page.goto('/admin/add-blog');
      const french = page.getByRole('group', { name: 'Français' });
      const english = page.getByRole('group', { name: 'Anglais' });
      await french.getByLabel(/^Titre/).fill(titleFr);
      await french.getByLabel(/^Texte/).fill('## Respirer\n\nLa **forêt** apaise.\n\n<script>alert(1)</script>');
      await french.getByLabel(/^Mots-clés/).fill('Stress, Nature');
      await english.getByLabel(/^Titre/).fill(titleEn);
      await english.getByLabel(/^Texte/).fill('## Breathe\n\nThe **forest** soothes.');
      await english.getByLabel(/^Mots-clés/).fill('Stress');
      // The preview is the site's own rendering: bold kept, the script gone.
      await french.getByRole('button', { name: 'Aperçu' }).click();
      const preview = french.getByLabel(/^Aperçu du texte/);
      await preview.locator('strong', { hasText: 'forêt' }).waitFor();
      assert.equal(await preview.locator('script').count(), 0);
      await page.getByLabel('Programmer').check();
      due = Date.now() + AHEAD_MS;
      await page.getByLabel(/^Date et heure de publication/).fill(parisLocal(new Date(due)));
      await page.getByRole('button', { name: 'Créer l’article' }).click();
      await page.getByText('L’article a été créé.').waitFor();
      const row = page.getByRole('row').filter({ hasText: titleFr });
      await row.getByText('Programmé').waitFor();
    });

    // Not yet on the site.
    await withPage(browser(), PHONE, async ({ page }) => {
      await page.goto('/blog');
      await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByText(titleFr).count(), 0, 'a scheduled post is not public');
      await assertAccessible(page, '/blog at 375 px');
    });

    // Its time comes: the scheduled command publishes it.
    await delay(Math.max(0, due - Date.now()));
    await withPage(browser(), PHONE, async ({ page }) => {
      const latest = page.getByRole('region', { name: 'Derniers articles' });
      for (let attempt = 0; ; attempt += 1) {
        await page.goto('/');
        try {
          // The list loads a screen before it is reached.
          await scrollTo(page, latest, 5_000);
          await latest.getByRole('link', { name: titleFr }).waitFor({ timeout: 5_000 });
          break;
        } catch (error) {
          if (attempt === 12) throw error;
        }
      }
      await assertAccessible(page);
      await page.getByRole('button', { name: /English/ }).click();
      const latestEn = page.getByRole('region', { name: 'Latest articles' });
      await latestEn.getByRole('link', { name: titleEn }).click();
      await page.getByRole('heading', { level: 1, name: titleEn }).waitFor();
      assert.match(page.url(), /\/blog\/walking-in-the-forest-/);
      await page.locator('article strong', { hasText: 'forest' }).waitFor();
      await assertAccessible(page);
      // Back in French, the same post in its French version.
      await page.getByRole('button', { name: /Français/ }).click();
      await page.getByRole('heading', { level: 1, name: titleFr }).waitFor();
      assert.match(page.url(), /\/blog\/marcher-en-foret-/);
      assert.equal(await page.locator('article script').count(), 0);
    });
  });
});
