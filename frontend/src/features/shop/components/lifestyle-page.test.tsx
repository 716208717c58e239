import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setRoleStatus } from '@/lib/persisted-state';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
// Loaded up front: the lazy route then resolves at once, even on a busy machine.
import './lifestyle-page';

const LOADED = { timeout: 10_000 };
const user = () => userEvent.setup({ delay: null });

const page = (items: unknown[]) => json({ items, total: items.length, page: 1, page_size: 12 });
const ashwa = {
  id: 'c1',
  kind: 'single_herb',
  name_fr: 'Ashwagandha',
  name_en: 'Ashwagandha root',
  latin_name: 'Withania somnifera',
  excerpt_fr: 'Une racine apaisante.',
  excerpt_en: 'A soothing root.',
  benefits: [{ id: 'b1', name_fr: 'Sommeil', name_en: 'Sleep' }],
  image_url: '/api/public/lifestyle-products/c1/image',
};
const guide = {
  id: 'p1',
  title_fr: 'Guide du sommeil',
  title_en: 'Sleep guide',
  excerpt_fr: 'Trente jours pour mieux dormir.',
  excerpt_en: 'Thirty days to sleep better.',
  price: { amount_minor: 1200, currency: 'EUR' },
  free: false,
  cover_url: null,
};
const freebie = { ...guide, id: 'p2', title_fr: 'Fiche respiration', title_en: 'Breathing sheet', price: { amount_minor: 0, currency: 'EUR' }, free: true };

const publicHandlers: Record<string, StubHandler> = {
  'GET /api/public/lifestyle-products': () => page([ashwa]),
  'GET /api/public/lifestyle-products/c1': () =>
    json({ ...ashwa, description_fr: 'x', description_en: '', html_fr: '<p>Racine <strong>adaptogène</strong>.</p>', html_en: '<p>Root.</p>', trashed: false, updated_at: '2030-01-01T00:00:00Z' }),
  'GET /api/public/reference/benefits': () => json({ items: [{ id: 'b1', name_fr: 'Sommeil', name_en: 'Sleep' }, { id: 'b2', name_fr: 'Digestion', name_en: 'Digestion' }] }),
  'GET /api/public/digital-products': () => page([guide, freebie]),
};

const asClient = (handlers: Record<string, StubHandler>) => {
  setRoleStatus('client', true);
  return stubFetch({ ...publicHandlers, 'GET /api/client/session': () => json(sessionFor('client')), ...handlers });
};

describe('lifestyle page (/lifestyle-product)', () => {
  it('first paints with its lists, read while its code loads: nothing is laid out twice', async () => {
    const fetch = stubFetch({ ...publicHandlers, 'GET /api/public/reference/benefits': () => json({ items: [] }) });
    renderApp('/lifestyle-product?q=racine&page=2&products_page=3');
    const catalogue = await screen.findByRole('region', { name: 'Catalogue ayurvédique' }, LOADED);
    // At the first render: the cards and the products, and no room kept for labels that do not exist.
    expect(within(catalogue).getByRole('article')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Produits numériques' })).getAllByRole('article')).toHaveLength(2);
    expect(within(catalogue).queryByRole('group', { name: 'Bienfaits' })).toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    // The address's page and words, each list read once.
    const [list] = fetch.calls('GET', '/api/public/lifestyle-products');
    expect([list.url.searchParams.get('search'), list.url.searchParams.get('page')]).toEqual(['racine', '2']);
    expect(fetch.calls('GET', '/api/public/lifestyle-products')).toHaveLength(1);
    expect(fetch.calls('GET', '/api/public/digital-products').map((call) => call.url.searchParams.get('page'))).toEqual(['3']);
  });

  it('shows the catalogue’s cards and the digital products, and filters in the address', async () => {
    const fetch = stubFetch(publicHandlers);
    const { router } = renderApp('/lifestyle-product');
    const catalogue = await screen.findByRole('region', { name: 'Catalogue ayurvédique' }, LOADED);
    const card = await within(catalogue).findByRole('article');
    expect(within(card).getByRole('heading', { level: 3, name: 'Ashwagandha' })).toBeTruthy();
    expect(within(card).getByText('Withania somnifera').getAttribute('lang')).toBe('la');
    expect(within(card).getByText(/Plante seule/)).toBeTruthy();
    expect(within(card).getByText('Sommeil')).toBeTruthy();
    expect(within(card).getByText('Une racine apaisante.')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Ashwagandha' })).toBeTruthy();

    const products = screen.getByRole('region', { name: 'Produits numériques' });
    const [paid, free] = await within(products).findAllByRole('article');
    expect(within(paid).getByText('12,00 €')).toBeTruthy();
    const buy = within(paid).getByRole('button', { name: /^Acheter « Guide du sommeil » — 12,00\s€$/ });
    expect(buy.textContent?.replace(/\s/g, ' ')).toBe('Acheter — 12,00 €');
    expect(within(free).getByText('Gratuit')).toBeTruthy();
    expect(within(free).getByRole('button', { name: /Obtenir gratuitement/ })).toBeTruthy();
    expect(within(paid).getByText(/L221-28 13°/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Mes achats' })).toBeNull();

    const u = user();
    await u.type(within(catalogue).getByLabelText('Rechercher une plante'), 'racine');
    await u.selectOptions(within(catalogue).getByLabelText('Type'), 'single_herb');
    await u.click(await within(catalogue).findByRole('checkbox', { name: 'Digestion' }));
    await u.click(within(catalogue).getByRole('button', { name: 'Filtrer' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=racine&kind=single_herb&benefits=b2'));
    await waitFor(() => {
      const last = fetch.calls('GET', '/api/public/lifestyle-products').at(-1)!;
      expect([last.url.searchParams.get('search'), last.url.searchParams.get('kind'), last.url.searchParams.get('benefits')]).toEqual([
        'racine',
        'single_herb',
        'b2',
      ]);
    });
  });

  it('opens an item’s sanitised description in a dialog', async () => {
    stubFetch(publicHandlers);
    renderApp('/lifestyle-product');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Voir le détail de « Ashwagandha »' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Ashwagandha' });
    expect(await within(dialog).findByText('adaptogène')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens an item linked from elsewhere (`?item=`) in its dialog, loaded then', async () => {
    stubFetch(publicHandlers);
    const { router } = renderApp('/lifestyle-product?item=c1');
    const dialog = await screen.findByRole('dialog', { name: 'Ashwagandha' }, LOADED);
    expect(await within(dialog).findByText('adaptogène')).toBeTruthy();
    await user().click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('opens a product’s details in a dialog once its code is loaded, and gives focus back on closing', async () => {
    stubFetch({
      ...publicHandlers,
      'GET /api/public/digital-products/p1': () =>
        json({ ...guide, description_fr: 'x', description_en: '', html_fr: '<p>Un <em>programme</em> de trente jours.</p>', html_en: '<p>A programme.</p>' }),
    });
    renderApp('/lifestyle-product');
    const u = user();
    const details = await screen.findByRole('button', { name: 'Voir le détail de « Guide du sommeil »' }, LOADED);
    // No dialog (nor its code) before a visitor asks for one.
    expect(screen.queryByRole('dialog')).toBeNull();
    await u.click(details);
    const dialog = await screen.findByRole('dialog', { name: 'Guide du sommeil' });
    expect(await within(dialog).findByText('programme')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(details));
  });

  it('sends a visitor who buys to the client sign-in, and back here afterwards', async () => {
    const fetch = stubFetch(publicHandlers);
    const { router } = renderApp('/lifestyle-product?page=1');
    await user().click(await screen.findByRole('button', { name: /Acheter « Guide du sommeil »/ }, LOADED));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/client/sign-in'));
    expect(readStorage(STORAGE_KEYS.redirectUrl)).toBe('/lifestyle-product?page=1');
    expect(fetch.calls('POST', '/api/client/digital-products/p1/payment')).toHaveLength(0);
  });

  it('lets a client pay with the card form, then download', async () => {
    let owned: unknown[] = [];
    const fetch = asClient({
      'GET /api/client/digital-products': () => json({ items: owned }),
      'POST /api/client/digital-products/p1/payment': () =>
        json({
          purchased: false,
          payment: { provider: 'sandbox', intent_id: 'pi_1', client_secret: 'pi_1_secret', publishable_key: null, amount: { amount_minor: 1200, currency: 'EUR' } },
        }),
      'POST /api/public/sandbox-payments/pi_1/confirm': () => json({ status: 'succeeded' }),
      'POST /api/client/digital-products/p1/pay': () => {
        owned = [{ ...guide, paid: guide.price, purchased_at: '2030-01-01T10:00:00Z', download_url: '/api/client/digital-products/p1/download' }];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/lifestyle-product');
    const u = user();
    expect(await screen.findByText('Vous n’avez encore aucun produit numérique.', undefined, LOADED)).toBeTruthy();
    await u.click(await screen.findByRole('button', { name: /Acheter « Guide du sommeil »/ }));
    // Shown once the card form's code is loaded: focus lands on its first field, as before.
    const dialog = await screen.findByRole('dialog', { name: 'Acheter « Guide du sommeil »' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/Numéro de carte/)));
    await u.type(within(dialog).getByLabelText(/Numéro de carte/), '4242424242424242');
    await u.type(within(dialog).getByLabelText(/Date d’expiration/), '12/34');
    await u.type(within(dialog).getByLabelText(/Cryptogramme/), '123');
    await u.click(within(dialog).getByRole('button', { name: /Payer 12,00/ }));
    expect(await within(dialog).findByText('Paiement accepté : le produit est dans vos achats.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Télécharger « Guide du sommeil »' }).getAttribute('href')).toBe(
      '/api/client/digital-products/p1/download',
    );
    expect(fetch.calls('POST', '/api/client/digital-products/p1/pay')[0].body).toEqual({ payment_intent: 'pi_1' });
    await u.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    const purchases = await screen.findByRole('region', { name: 'Mes achats' });
    expect(await within(purchases).findByRole('link', { name: 'Télécharger « Guide du sommeil »' })).toBeTruthy();
  });

  it('shows a card refusal, and claims a free product', async () => {
    const fetch = asClient({
      'GET /api/client/digital-products': () => json({ items: [] }),
      'POST /api/client/digital-products/p1/payment': () =>
        json({
          purchased: false,
          payment: { provider: 'sandbox', intent_id: 'pi_1', client_secret: 's', publishable_key: null, amount: { amount_minor: 1200, currency: 'EUR' } },
        }),
      'POST /api/public/sandbox-payments/pi_1/confirm': () => json({ status: 'succeeded' }),
      'POST /api/client/digital-products/p1/pay': () => apiError(402, 'card_declined', 'Votre carte a été refusée.'),
      'POST /api/client/digital-products/p2/claim': () => new Response(null, { status: 204 }),
    });
    renderApp('/lifestyle-product');
    const u = user();
    await u.click(await screen.findByRole('button', { name: /Acheter « Guide du sommeil »/ }, LOADED));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByLabelText(/Numéro de carte/), '4242424242424242');
    await u.type(within(dialog).getByLabelText(/Date d’expiration/), '12/34');
    await u.type(within(dialog).getByLabelText(/Cryptogramme/), '123');
    await u.click(within(dialog).getByRole('button', { name: /Payer 12,00/ }));
    expect(await within(dialog).findByText('Votre carte a été refusée.')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Fermer' }));

    await u.click(screen.getByRole('button', { name: 'Obtenir gratuitement « Fiche respiration »' }));
    expect(await screen.findByText('Le produit a été ajouté à vos achats.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/digital-products/p2/claim')).toHaveLength(1);
  });
});
