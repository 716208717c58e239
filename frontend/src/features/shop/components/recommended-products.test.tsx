import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
// Loaded up front: the lazy route then resolves at once, even on a busy machine.
import './recommended-products-editor';

const LOADED = { timeout: 10_000 };
const PATH = '/consultant/recommended-products';
const MINE = '/api/consultant/recommended-products';
const CATALOGUE = '/api/public/lifestyle-products';
const user = () => userEvent.setup({ delay: null });

const card = (id: string, name_fr: string, name_en: string, latin_name = '') => ({
  id,
  kind: 'single_herb',
  name_fr,
  name_en,
  latin_name,
  excerpt_fr: 'x',
  excerpt_en: 'x',
  benefits: [],
  image_url: null,
});
const ashwa = card('c1', 'Ashwagandha', 'Ashwagandha root', 'Withania somnifera');
const tulsi = card('c2', 'Tulsi', 'Holy basil', 'Ocimum tenuiflorum');
const triphala = card('c3', 'Triphala', 'Triphala');

const page = (items: unknown[], total = items.length) => json({ items, total, page: 1, page_size: 12 });

const setup = (handlers: Record<string, StubHandler> = {}) =>
  stubFetch({
    'GET /api/consultant/session': () => json(sessionFor('consultant')),
    [`GET ${MINE}`]: () => json({ items: [ashwa] }),
    [`GET ${CATALOGUE}`]: () => page([ashwa, tulsi, triphala]),
    [`PUT ${MINE}`]: () => new Response(null, { status: 204 }),
    ...handlers,
  });

/** The names in the selection, in order. */
const chosenNames = () => {
  const selection = screen.getByRole('region', { name: /Ma sélection|My selection/ });
  const list = within(selection).queryByRole('list');
  return list ? within(list).getAllByRole('listitem').map((item) => item.firstElementChild?.firstChild?.textContent) : [];
};

describe('consultant recommended products', () => {
  it('sits in the profile menu group, lists the saved choice, adds from the catalogue search, reorders, removes and saves the ids in order', async () => {
    const fetch = setup();
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Produits recommandés' }, LOADED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mon profil' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Produits recommandés' }).getAttribute('href')).toBe(PATH);

    await screen.findByRole('button', { name: 'Monter Ashwagandha' });
    expect(chosenNames()).toEqual(['Ashwagandha']);
    expect(screen.getByText('1 produit sur 12')).toBeTruthy();

    // The catalogue: every card, the chosen one marked and inert.
    const picker = screen.getByRole('region', { name: 'Ajouter depuis le catalogue' });
    const chosen = await within(picker).findByRole('button', { name: 'Déjà choisi Ashwagandha' });
    expect(chosen.getAttribute('aria-disabled')).toBe('true');
    expect(fetch.calls('GET', CATALOGUE)[0].url.searchParams.get('page_size')).toBe('12');

    const u = user();
    await u.type(within(picker).getByRole('searchbox', { name: 'Rechercher dans le catalogue' }), 'basilic');
    await u.click(within(picker).getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(fetch.calls('GET', CATALOGUE).at(-1)!.url.searchParams.get('search')).toBe('basilic'));

    await u.click(within(picker).getByRole('button', { name: 'Ajouter Tulsi' }));
    await u.click(within(picker).getByRole('button', { name: 'Ajouter Triphala' }));
    await u.click(chosen);
    expect(chosenNames()).toEqual(['Ashwagandha', 'Tulsi', 'Triphala']);
    expect(screen.getByText('3 produits sur 12')).toBeTruthy();
    expect(screen.getByText('Modifications non enregistrées.')).toBeTruthy();
    expect(within(picker).getByRole('button', { name: 'Déjà choisi Tulsi' })).toBeTruthy();

    // Moving up to the top: the row goes, the focus follows it to the button that still acts.
    await u.click(screen.getByRole('button', { name: 'Monter Tulsi' }));
    expect(chosenNames()).toEqual(['Tulsi', 'Ashwagandha', 'Triphala']);
    expect(screen.getByText('« Tulsi » est maintenant en position 1 sur 3.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Monter Tulsi' }).disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Descendre Tulsi' })));
    await u.click(screen.getByRole('button', { name: 'Descendre Ashwagandha' }));
    expect(chosenNames()).toEqual(['Tulsi', 'Triphala', 'Ashwagandha']);

    await u.click(screen.getByRole('button', { name: 'Retirer Triphala' }));
    expect(chosenNames()).toEqual(['Tulsi', 'Ashwagandha']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retirer Ashwagandha' })));
    expect(within(picker).getByRole('button', { name: 'Ajouter Triphala' })).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Enregistrer la sélection' }));
    const saved = await screen.findByText('Vos produits recommandés ont été enregistrés.');
    expect(saved.closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('PUT', MINE).map((call) => call.body)).toEqual([{ item_ids: ['c2', 'c1'] }]);
    // The saved list is read again.
    await waitFor(() => expect(fetch.calls('GET', MINE).length).toBeGreaterThan(1));
  });

  it('shows the server’s field error by the list (an item gone from the catalogue), and keeps the choice', async () => {
    const fetch = setup({
      [`PUT ${MINE}`]: () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          item_ids: 'Un des produits choisis n’est pas (ou plus) au catalogue.',
        }),
    });
    renderApp(PATH);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Enregistrer la sélection' }, LOADED));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Un des produits choisis n’est pas (ou plus) au catalogue.');
    expect(screen.getByRole('list', { name: 'Ma sélection' }).getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.queryByText('Le formulaire contient des erreurs.')).toBeNull();
    expect(fetch.calls('PUT', MINE)[0].body).toEqual({ item_ids: ['c1'] });
    expect(chosenNames()).toEqual(['Ashwagandha']);
    // A change clears it.
    await u.click(screen.getByRole('button', { name: 'Retirer Ashwagandha' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/Aucun produit choisi/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Ma sélection' })));
  });

  it('stops at 12 products and speaks English, with the server’s English error', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => card(`m${i}`, `Plante ${i}`, `Herb ${i}`));
    setup({
      [`GET ${MINE}`]: () => json({ items: twelve }),
      [`GET ${CATALOGUE}`]: () => page([twelve[0], tulsi]),
      [`PUT ${MINE}`]: () =>
        apiError(400, 'validation_failed', 'The form has errors.', { item_ids: 'Choose at most 12 items.' }),
    });
    await changeLanguage('en');
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended products' }, LOADED)).toBeTruthy();
    expect(await screen.findByText('12 products of 12')).toBeTruthy();
    const picker = screen.getByRole('region', { name: 'Add from the catalogue' });
    expect(within(picker).getByText(/You have chosen 12 products, the most allowed/)).toBeTruthy();
    const add = await within(picker).findByRole('button', { name: 'Add Holy basil' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    const u = user();
    await u.click(add);
    expect(chosenNames()).toHaveLength(12);
    expect(within(picker).getByRole('button', { name: 'Already chosen Herb 0' })).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Save the selection' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at most 12 items.');
  });

  it('tells when the catalogue has nothing for the words searched', async () => {
    setup({ [`GET ${CATALOGUE}`]: (request) => page(request.url.searchParams.get('search') ? [] : [tulsi]) });
    renderApp(PATH);
    const picker = await screen.findByRole('region', { name: 'Ajouter depuis le catalogue' }, LOADED);
    await within(picker).findByRole('button', { name: 'Ajouter Tulsi' });
    const u = user();
    await u.type(within(picker).getByRole('searchbox', { name: 'Rechercher dans le catalogue' }), 'zzz');
    await u.click(within(picker).getByRole('button', { name: 'Rechercher' }));
    expect(await within(picker).findByText('Aucun produit ne correspond à cette recherche.')).toBeTruthy();
    expect(within(picker).getByText('0 produit')).toBeTruthy();
  });
});
