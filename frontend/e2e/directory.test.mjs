// The public directory: approved experts found by a disorder filter and by free
// text in French and in English; a client keeps favourites from the list and
// from an expert's page. The experts are approved through the API beforehand
// (the onboarding screens are onboarding.test.mjs's subject).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount } from './support/accounts.mjs';
import { useBrowser, waitForPath, withPage } from './support/browser.mjs';
import { createApprovedExpert, createTopics, signInAdmin } from './support/consultant.mjs';
import { submitSignIn } from './support/forms.mjs';

const browser = useBrowser();

/** How the directory names an expert (the doctor's title shown: "Dr Inès Durand …"). */
const shownName = (expert) => `Dr ${expert.givenName} ${expert.familyName}`;

/** The card of `expert` in a list: its heading links to the expert's page. */
const cardLink = (page, expert) => page.getByRole('link', { name: shownName(expert), exact: true });

const results = (page) => page.getByRole('region', { name: /^(Résultats|Results)$/ });

/** Waits until the directory's count matches `pattern` (a regular expression's source). */
const countIs = (page, pattern) =>
  results(page).getByRole('status').filter({ hasText: new RegExp(`^${pattern}$`) }).waitFor();

/**
 * Types `text` in the directory's search box (labelled `label`), submits it and
 * returns the ids the server answered for it: two searches in a row may show
 * the same count, so the answer itself tells that the new search was made.
 */
const search = async (page, label, text) => {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/public/experts' && url.searchParams.get('search') === text;
  });
  const form = page.getByRole('search');
  await form.getByRole('searchbox', { name: label }).fill(text);
  await form.getByRole('button').click();
  const response = await answered;
  assert.equal(response.status(), 200);
  return (await response.json()).items.map((item) => item.id);
};

describe('expert directory', () => {
  let expert;
  let other;
  before(async () => {
    const adminApi = await signInAdmin();
    // Two experts with their own topics: a filter or a search must pick one and leave the other.
    expert = await createApprovedExpert({ adminSession: adminApi, topics: await createTopics(adminApi) });
    other = await createApprovedExpert({ adminSession: adminApi, topics: await createTopics(adminApi) });
  });

  it('finds an approved expert by a disorder filter', { timeout: 60_000 }, async () => {
    await withPage(browser(), {}, async ({ page }) => {
      await page.goto('/our-experts');
      await page.getByRole('heading', { level: 1, name: 'Nos experts' }).waitFor();
      await countIs(page, '\\d+ experts');

      // The filter is a disclosure: its summary opens the group of checkboxes.
      const filters = page.getByRole('region', { name: 'Filtres' });
      await filters.getByText('Troubles', { exact: true }).filter({ visible: true }).click();
      await filters.getByRole('group', { name: 'Troubles' }).getByLabel(expert.topics.disorder.name_fr).check();
      await countIs(page, '1 expert');
      await cardLink(page, expert).waitFor();
      assert.equal(await cardLink(page, other).count(), 0, 'the other expert is filtered out');

      // The filter is remembered in the browser (spec §3): still applied after a reload.
      await page.reload();
      await countIs(page, '1 expert');
      await cardLink(page, expert).waitFor();

      await cardLink(page, expert).click();
      await waitForPath(page, `/our-experts/details/${expert.id}`);
      // The list's title stays until the expert's page (a lazy chunk) replaces it.
      await page.getByRole('heading', { level: 1, name: shownName(expert), exact: true }).waitFor();
      await page.getByRole('listitem').filter({ hasText: expert.topics.disorder.name_fr }).waitFor();
      await page.getByText('Diplôme de naturopathie — Institut Euronature (2015)').waitFor();
      // Never bank, ID or contact details on the public page.
      const text = await page.getByRole('main').innerText();
      for (const secret of ['FR76', 'BNPAFRPP', 'X4RTBPFW4', '612345678', expert.person.email]) {
        assert.equal(text.includes(secret), false, `the public page shows ${secret}`);
      }
    });
  });

  it('finds an expert by free text: a French topic name in French, an English one in English', { timeout: 60_000 }, async () => {
    const { disorder } = expert.topics;
    await withPage(browser(), {}, async ({ page }) => {
      await page.goto('/our-experts');
      await countIs(page, '\\d+ experts');

      const french = 'Rechercher un expert, une spécialité, un trouble…';
      assert.deepEqual(await search(page, french, disorder.name_fr), [expert.id]);
      await waitForPath(page, `/our-experts/${encodeURIComponent(disorder.name_fr)}`);
      await countIs(page, '1 expert');
      await cardLink(page, expert).waitFor();
      assert.equal(await cardLink(page, other).count(), 0);

      // Case and accents do not matter: "acouphenes …" finds "Acouphènes …".
      const plain = disorder.name_fr.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
      assert.notEqual(plain, disorder.name_fr);
      assert.deepEqual(await search(page, french, plain), [expert.id]);
      await countIs(page, '1 expert');
      await cardLink(page, expert).waitFor();

      await page.getByRole('button', { name: /English/ }).click();
      await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
      await page.getByRole('heading', { level: 1, name: 'Our experts' }).waitFor();
      const english = 'Search for an expert, a speciality, a disorder…';
      assert.deepEqual(await search(page, english, disorder.name_en), [expert.id]);
      await countIs(page, '1 expert');
      await cardLink(page, expert).waitFor();
      assert.equal(await cardLink(page, other).count(), 0);

      // Every word must match: this disorder's name with the other expert's token finds no one.
      assert.deepEqual(await search(page, english, `${disorder.name_en} ${other.topics.token}`), []);
      await countIs(page, '0 experts');
      await page.getByText('No expert matches your search.').waitFor();
    });
  });

  it('a client marks favourites from the list and from an expert page and sees them on the favourites page', { timeout: 90_000 }, async () => {
    const client = await createAccount('client');
    await withPage(browser(), {}, async ({ page }) => {
      await page.goto('/public/client/sign-in');
      await submitSignIn(page, client);
      await waitForPath(page, '/client/dashboard');

      await page.goto('/client/favorite');
      await page.getByText('Vous n’avez pas encore d’expert favori.').waitFor();

      // From the list: the heart on the expert's card.
      await page.goto(`/our-experts/${encodeURIComponent(expert.familyName)}`);
      await cardLink(page, expert).waitFor();
      const marked = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/client/favourites/${expert.id}`));
      await page.getByRole('button', { name: `Ajouter ${shownName(expert)} aux favoris` }).click();
      assert.equal((await marked).status(), 204);
      await page.getByRole('status').filter({ hasText: `${shownName(expert)} est dans vos favoris.` }).waitFor();
      const remove = page.getByRole('button', { name: `Retirer ${shownName(expert)} des favoris` });
      assert.equal(await remove.getAttribute('aria-pressed'), 'true');

      // From the expert's page.
      await page.goto(`/our-experts/details/${other.id}`);
      await page.getByRole('heading', { level: 1, name: shownName(other) }).waitFor();
      await page.getByRole('button', { name: `Ajouter ${shownName(other)} aux favoris` }).click();
      await page.getByRole('button', { name: `Retirer ${shownName(other)} des favoris`, pressed: true }).waitFor();

      await page.goto('/client/favorite');
      await page.getByRole('heading', { level: 1, name: 'Mes favoris' }).waitFor();
      await cardLink(page, expert).waitFor();
      await cardLink(page, other).waitFor();
      // Latest first.
      const names = await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();
      assert.deepEqual(names.map((name) => name.trim()), [shownName(other), shownName(expert)]);
    });
  });
});
