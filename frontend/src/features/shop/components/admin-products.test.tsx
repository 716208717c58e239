import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
// Loaded up front: the lazy routes then resolve at once, even on a busy machine.
import './admin-product-screens';

const LOADED = { timeout: 10_000 };
const user = () => userEvent.setup({ delay: null });
const REQUIRED = 'Ce champ est obligatoire.';

const card = {
  id: 'p1',
  title_fr: 'Guide du sommeil',
  title_en: 'Sleep guide',
  excerpt_fr: 'x',
  excerpt_en: 'x',
  price: { amount_minor: 1200, currency: 'EUR' },
  free: false,
  cover_url: '/api/admin-panel/files/covers/c1.jpg',
};
const product = {
  ...card,
  description_fr: 'Un guide.',
  description_en: '',
  html_fr: '<p>Un guide.</p>',
  html_en: '<p>Un guide.</p>',
  trashed: false,
  updated_at: '2030-01-01T00:00:00Z',
  file: 'products/p1.pdf',
  file_url: '/api/admin-panel/files/products/p1.pdf',
  sales: 3,
};
const listOf = (items: unknown[]) => json({ items, total: items.length, page: 1, page_size: 20 });

const setup = (handlers: Record<string, StubHandler> = {}) =>
  stubFetch({
    'GET /api/admin-panel/session': () => json(sessionFor('admin')),
    'GET /api/admin-panel/digital-products': () => listOf([card]),
    ...handlers,
  });

describe('admin digital products', () => {
  it('lists, filters by price in the address, trashes after confirmation and restores', async () => {
    const fetch = setup({
      'POST /api/admin-panel/digital-products/p1/trash': () => new Response(null, { status: 204 }),
      'POST /api/admin-panel/digital-products/p1/restore': () => new Response(null, { status: 204 }),
    });
    const { router } = renderApp('/admin/view-digital-product');
    const row = (await screen.findByRole('rowheader', { name: 'Guide du sommeil' }, LOADED)).closest('tr')!;
    expect(within(row).getByText(/12,00/)).toBeTruthy();
    const u = user();
    await u.selectOptions(screen.getByLabelText('Prix'), 'free');
    await waitFor(() => expect(router.state.location.search).toBe('?price=free'));
    await waitFor(() => expect(fetch.calls('GET', '/api/admin-panel/digital-products').at(-1)!.url.searchParams.get('price')).toBe('free'));

    await u.click(await screen.findByRole('button', { name: 'Mettre « Guide du sommeil » à la corbeille' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mettre ce produit à la corbeille ?' });
    expect(fetch.calls('POST', '/api/admin-panel/digital-products/p1/trash')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Mettre à la corbeille' }));
    expect(await screen.findByText('« Guide du sommeil » a été mis à la corbeille.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/digital-products/p1/trash')).toHaveLength(1);

    await router.navigate('/admin/view-trash-digital-product');
    await u.click(await screen.findByRole('button', { name: 'Restaurer « Guide du sommeil »' }));
    expect(await screen.findByText('« Guide du sommeil » a été restauré.')).toBeTruthy();
    expect(fetch.calls('GET', '/api/admin-panel/digital-products').at(-1)!.url.searchParams.get('trashed')).toBe('true');
  });

  it('adds a product: required fields, PDF upload, price in minor units, server errors under their fields', async () => {
    let refuse = true;
    const fetch = setup({
      'POST /api/admin-panel/files': () => json({ key: 'uploads/guide.pdf', content_type: 'application/pdf', size: 10 }, { status: 201 }),
      'POST /api/admin-panel/digital-products': () => {
        if (refuse) {
          refuse = false;
          return apiError(400, 'validation_failed', 'Vérifiez le formulaire.', { price_minor: 'Ce prix dépasse le plafond.' });
        }
        return json({ id: 'p9' }, { status: 201 });
      },
    });
    const { router } = renderApp('/admin/add-digital-product');
    const u = user();
    const submit = await screen.findByRole('button', { name: 'Ajouter le produit' }, LOADED);
    await u.click(submit);
    expect((await screen.findAllByText(REQUIRED)).length).toBeGreaterThanOrEqual(3);
    expect(await screen.findByText('Ajoutez le fichier PDF du produit.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/digital-products')).toHaveLength(0);

    await u.type(screen.getByLabelText(/^Titre \(français\)/), 'Guide du sommeil');
    await u.type(screen.getByLabelText(/^Titre \(anglais\)/), 'Sleep guide');
    await u.type(screen.getByLabelText(/^Description \(français/), 'Un guide.');
    await u.clear(screen.getByLabelText(/^Prix/));
    await u.type(screen.getByLabelText(/^Prix/), '12,50');
    await u.upload(screen.getByLabelText(/^Fichier PDF/), new File(['%PDF'], 'guide.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Fichier prêt.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/files')[0].url.searchParams.get('kind')).toBe('digital_product_file');

    await u.click(submit);
    const price = screen.getByLabelText(/^Prix/);
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Ce prix dépasse le plafond.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/digital-products')[0].body).toEqual({
      title_fr: 'Guide du sommeil',
      title_en: 'Sleep guide',
      description_fr: 'Un guide.',
      description_en: '',
      price_minor: 1250,
      currency: 'EUR',
      file: 'uploads/guide.pdf',
      cover: '',
    });
    await u.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/view-digital-product'));
    expect(await screen.findByText('Le produit numérique a été ajouté.')).toBeTruthy();
  });

  it('edits a product with its sales, keeping its file and cover', async () => {
    const fetch = setup({
      'GET /api/admin-panel/digital-products/p1': () => json(product),
      'PUT /api/admin-panel/digital-products/p1': () => json({ id: 'p1' }),
    });
    renderApp('/admin/edit-digital-product/p1');
    expect(await screen.findByText('Ventes : 3', undefined, LOADED)).toBeTruthy();
    const u = user();
    expect(screen.getByLabelText<HTMLInputElement>(/^Prix/).value).toBe('12.00');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(fetch.calls('PUT', '/api/admin-panel/digital-products/p1')).toHaveLength(1));
    expect(fetch.calls('PUT', '/api/admin-panel/digital-products/p1')[0].body).toMatchObject({
      price_minor: 1200,
      file: 'products/p1.pdf',
      cover: 'covers/c1.jpg',
    });
  });

  it('edits the lifestyle catalogue: list, trash, add with benefit labels and a picture, server errors on their fields', async () => {
    const item = {
      id: 'c1',
      kind: 'herb',
      name_fr: 'Tulsi',
      name_en: 'Holy basil',
      latin_name: 'Ocimum tenuiflorum',
      excerpt_fr: 'x',
      excerpt_en: 'x',
      benefits: [],
      image_url: null,
    };
    let refuse = true;
    const fetch = setup({
      'GET /api/admin-panel/lifestyle-products': () => listOf([item]),
      'GET /api/public/reference/benefits': () =>
        json({ items: [{ id: 'b1', name_fr: 'Sommeil', name_en: 'Sleep' }, { id: 'b2', name_fr: 'Digestion', name_en: 'Digestion' }] }),
      'POST /api/admin-panel/lifestyle-products/c1/trash': () => new Response(null, { status: 204 }),
      'POST /api/admin-panel/files': () => json({ key: 'uploads/tulsi.png', content_type: 'image/png', size: 10 }, { status: 201 }),
      'POST /api/admin-panel/lifestyle-products': () => {
        if (refuse) {
          refuse = false;
          return apiError(400, 'validation_failed', 'Vérifiez le formulaire.', { name_fr: 'Ce nom existe déjà.' });
        }
        return json({ id: 'c2' }, { status: 201 });
      },
    });
    const { router } = renderApp('/admin/lifestyle-products');
    const u = user();
    expect((await screen.findByRole('rowheader', { name: 'Tulsi' }, LOADED)).closest('tr')!.textContent).toContain('Plante');
    await u.click(screen.getByRole('button', { name: 'Mettre « Tulsi » à la corbeille' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mettre à la corbeille' }));
    expect(await screen.findByText('« Tulsi » a été mis à la corbeille.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/lifestyle-products/c1/trash')).toHaveLength(1);

    await u.click(screen.getByRole('link', { name: 'Ajouter au catalogue' }));
    const submit = await screen.findByRole('button', { name: 'Ajouter l’article' });
    await u.click(submit);
    expect((await screen.findAllByText(REQUIRED)).length).toBeGreaterThanOrEqual(4);
    await u.selectOptions(screen.getByLabelText(/^Type/), 'compilation');
    await u.type(screen.getByLabelText(/^Nom \(français\)/), 'Triphala');
    await u.type(screen.getByLabelText(/^Nom \(anglais\)/), 'Triphala');
    await u.type(screen.getByLabelText(/^Description \(français/), 'Trois fruits.');
    await u.click(await screen.findByRole('checkbox', { name: 'Digestion' }));
    await u.upload(screen.getByLabelText(/^Image/), new File(['png'], 'tulsi.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Aperçu de l’image envoyée' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/files')[0].url.searchParams.get('kind')).toBe('catalogue_image');
    await u.click(submit);
    expect(await screen.findByText('Ce nom existe déjà.')).toBeTruthy();
    expect(screen.getByLabelText(/^Nom \(français\)/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch.calls('POST', '/api/admin-panel/lifestyle-products')[0].body).toEqual({
      kind: 'compilation',
      name_fr: 'Triphala',
      name_en: 'Triphala',
      latin_name: '',
      description_fr: 'Trois fruits.',
      description_en: '',
      benefit_ids: ['b2'],
      image: 'uploads/tulsi.png',
    });
    await u.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lifestyle-products'));
    expect(await screen.findByText('L’article a été ajouté au catalogue.')).toBeTruthy();
  });
});
