import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { directoryReferenceHandlers, expertCard } from '@/testing/experts';
import { json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
// Loaded up front: the lazy parts then resolve at once, even on a busy machine.
import './expert-recommendations';
import './lifestyle-page';

const LOADED = { timeout: 10_000 };
const RECOMMENDED = '/api/public/experts/e1/recommended-products';

const ashwa = {
  id: 'c1',
  kind: 'single_herb',
  name_fr: 'Ashwagandha',
  name_en: 'Ashwagandha root',
  latin_name: 'Withania somnifera',
  excerpt_fr: 'Une racine apaisante.',
  excerpt_en: 'A soothing root.',
  benefits: [],
  image_url: '/api/public/lifestyle-products/c1/image',
};
const tulsi = { ...ashwa, id: 'c2', kind: 'herb', name_fr: 'Tulsi', name_en: 'Holy basil', latin_name: '', image_url: null };

const expertHandlers = (items: unknown[]): Record<string, StubHandler> => ({
  ...directoryReferenceHandlers,
  'GET /api/public/experts/e1': () =>
    json({
      ...expertCard('e1'),
      video_url: null,
      years_of_experience: null,
      bio: 'Naturopathe depuis douze ans.',
      background: null,
      expertise: null,
      keywords: [],
      objectives: [],
      degrees: [],
      certificates: [],
    }),
  'GET /api/public/experts/e1/slots': () => json({ timezone: 'Europe/Paris', duration_minutes: 50, slots: [] }),
  [`GET ${RECOMMENDED}`]: () => json({ items }),
});

const section = (name: string) => screen.queryByRole('region', { name });

describe('expert page: recommended products', () => {
  it('shows nothing at all when the expert recommends nothing', async () => {
    const fetch = stubFetch(expertHandlers([]));
    renderApp('/our-experts/details/e1');
    await screen.findByRole('heading', { level: 1, name: 'Dr Inès Roux e1' }, LOADED);
    await waitFor(() => expect(fetch.calls('GET', RECOMMENDED)).toHaveLength(1));
    await screen.findByText('Naturopathe depuis douze ans.');
    expect(section('Produits recommandés')).toBeNull();
    expect(screen.queryByText('Produits recommandés')).toBeNull();
  });

  it('shows nothing either when the list cannot be read', async () => {
    const fetch = stubFetch({ ...expertHandlers([]), [`GET ${RECOMMENDED}`]: () => json({ error: { code: 'internal', message: 'x' } }, { status: 404 }) });
    renderApp('/our-experts/details/e1');
    await screen.findByRole('heading', { level: 1, name: 'Dr Inès Roux e1' }, LOADED);
    await waitFor(() => expect(fetch.calls('GET', RECOMMENDED).length).toBeGreaterThan(0));
    expect(section('Produits recommandés')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the cards in their order, last on the page, each linking to the item on the lifestyle page', async () => {
    stubFetch({
      ...expertHandlers([tulsi, ashwa]),
      'GET /api/public/lifestyle-products': () => json({ items: [tulsi, ashwa], total: 2, page: 1, page_size: 12 }),
      'GET /api/public/lifestyle-products/c1': () =>
        json({ ...ashwa, description_fr: 'x', description_en: '', html_fr: '<p>Racine <strong>adaptogène</strong>.</p>', html_en: '<p>Root.</p>', trashed: false, updated_at: '2030-01-01T00:00:00Z' }),
      'GET /api/public/reference/benefits': () => json({ items: [] }),
      'GET /api/public/digital-products': () => json({ items: [], total: 0, page: 1, page_size: 12 }),
    });
    const { router } = renderApp('/our-experts/details/e1');
    const products = await screen.findByRole('region', { name: 'Produits recommandés' }, LOADED);
    // The page's last part.
    expect(screen.getByRole('article').lastElementChild?.contains(products)).toBe(true);
    const items = within(products).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(['Tulsi', 'Ashwagandha']);
    expect(within(items[0]).queryByRole('img', { hidden: true })).toBeNull();
    expect(within(items[0]).getByText('Plante')).toBeTruthy();
    expect(within(items[1]).getByText('Withania somnifera').getAttribute('lang')).toBe('la');
    expect(within(items[1]).getByText(/Plante seule/)).toBeTruthy();
    // A fixed box for the picture: nothing moves when it arrives.
    const image = items[1].querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/api/public/lifestyle-products/c1/image');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['96', '72']);
    const link = within(items[1]).getByRole('link', { name: 'Ashwagandha' });
    expect(link.getAttribute('href')).toBe('/lifestyle-product?item=c1');

    // The link opens the item's details on the lifestyle page; closing them forgets the item.
    await userEvent.setup({ delay: null }).click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Ashwagandha' }, LOADED);
    expect(await within(dialog).findByText('adaptogène')).toBeTruthy();
    expect(router.state.location.search).toBe('?item=c1');
    await userEvent.setup({ delay: null }).click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the products in English', async () => {
    stubFetch(expertHandlers([tulsi, ashwa]));
    await changeLanguage('en');
    renderApp('/our-experts/details/e1');
    const products = await screen.findByRole('region', { name: 'Recommended products' }, LOADED);
    expect(within(products).getByRole('link', { name: 'Holy basil' }).getAttribute('href')).toBe('/lifestyle-product?item=c2');
    expect(within(products).getByRole('link', { name: 'Ashwagandha root' })).toBeTruthy();
    expect(within(products).getByText(/Single herb/)).toBeTruthy();
  });
});
