import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { formatMinutes, formatPrice } from '@/lib/format';
import { changeLanguage } from '@/lib/i18n';
import { reloadPersistedState } from '@/lib/persisted-state';
import { STORAGE_KEYS } from '@/lib/storage';
import { directoryReferenceHandlers, expertCard, expertPage } from '@/testing/experts';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { createQueryClient } from '@/lib/query-client';
import { prefetchDirectory, prefetchExpert } from '../api/prefetch';
import { FILTER_LISTS } from './use-directory-filters';

const user = () => userEvent.setup({ delay: null });
const setup = (experts: StubHandler, extra: Record<string, StubHandler> = {}) =>
  stubFetch({ ...directoryReferenceHandlers, 'GET /api/public/experts': experts, ...extra });
/** The query of the last directory request. */
const lastQuery = (fetch: ReturnType<typeof stubFetch>) =>
  Object.fromEntries(fetch.calls('GET', '/api/public/experts').at(-1)!.url.searchParams);
/** The disclosure button (summary) of a filter. */
const filter = (name: RegExp) => screen.getByText(name, { selector: 'summary' });
const storedFilters = () =>
  (JSON.parse(window.localStorage.getItem(STORAGE_KEYS.persistedState) ?? '{}') as { filters?: unknown }).filters;
/** Whitespace-insensitive (Intl puts narrow no-break spaces in French amounts). */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

describe('price formatting', () => {
  it('formats minor units in the interface language, with the currency’s own decimals', () => {
    expect(plain(formatPrice(6050, 'EUR', 'fr'))).toBe('60,50 €');
    expect(plain(formatPrice(6050, 'EUR', 'en'))).toBe('€60.50');
    expect(plain(formatPrice(123456, 'USD', 'en'))).toBe('US$1,234.56');
    expect(plain(formatPrice(5000, 'XOF', 'fr'))).toBe('5 000 F CFA');
    expect(plain(formatMinutes(50, 'fr'))).toBe('50 min');
  });
});

describe('public directory', () => {
  it('starts the results and the filter lists before the search’s code is there, and the expert from the route', () => {
    const fetch = setup(() => expertPage([expertCard('e1')]));
    const queryClient = createQueryClient();
    const args = (params: Record<string, string>) => ({ params }) as unknown as LoaderFunctionArgs;
    prefetchDirectory(queryClient, 'yoga');
    // Started at once, without waiting: the stored filters with the address's search.
    expect(fetch.calls('GET', '/api/public/experts').map((call) => call.url.searchParams.get('search'))).toEqual(['yoga']);
    expect(fetch.requests.filter((r) => r.path.startsWith('/api/public/reference/')).map((r) => r.path).sort()).toEqual(
      Object.values(FILTER_LISTS).map((kind) => `/api/public/reference/${kind}`).sort(),
    );
    expect(prefetchExpert(queryClient)(args({ id: 'e1' }))).toBeNull();
    expect(fetch.calls('GET', '/api/public/experts/e1')).toHaveLength(1);
  });

  it('asks once for the results and for each filter list (the page reads what the route started)', async () => {
    const fetch = setup(() => expertPage([expertCard('e1')]));
    renderApp('/our-experts/yoga');
    expect(await screen.findByText('1 expert')).toBeTruthy();
    expect(fetch.calls('GET', '/api/public/experts')).toHaveLength(1);
    for (const kind of Object.values(FILTER_LISTS)) {
      expect(fetch.calls('GET', `/api/public/reference/${kind}`)).toHaveLength(1);
    }
  });

  it('lists expert cards: photo with size and text, name, profession, price and duration, languages, free first consultation', async () => {
    setup(() => expertPage([expertCard('e1'), expertCard('e2', { first_consultation_free: false, title: 'ms' })], 2));
    renderApp('/our-experts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nos experts' })).toBeTruthy();
    expect(await screen.findByText('2 experts')).toBeTruthy();
    const [first, second] = screen.getAllByRole('article');
    const card = within(first);
    const photo = card.getByRole('img', { name: 'Photo de Dr Inès Roux e1' });
    expect(photo.getAttribute('src')).toBe('/api/public/experts/e1/photo');
    expect(photo.getAttribute('width')).toBe('96');
    expect(photo.getAttribute('height')).toBe('96');
    expect(card.getByRole('link', { name: 'Dr Inès Roux e1' }).getAttribute('href')).toBe('/our-experts/details/e1');
    expect(card.getByText('Naturopathe')).toBeTruthy();
    expect(plain(card.getByText(/60,50/).textContent)).toBe('60,50 € / 50 min');
    expect(await card.findByText('Français, Anglais')).toBeTruthy();
    expect(card.getByText('Première consultation offerte')).toBeTruthy();
    // Only the doctor title is shown; the badge only when the first consultation is free.
    expect(within(second).getByRole('link', { name: 'Inès Roux e2' })).toBeTruthy();
    expect(within(second).queryByText('Première consultation offerte')).toBeNull();
  });

  it('shows prices and topic names in English after switching language', async () => {
    setup(() => expertPage([expertCard('e1')]));
    renderApp('/our-experts');
    await screen.findByText('1 expert');
    await changeLanguage('en');
    const card = within((await screen.findAllByRole('article'))[0]);
    expect(plain((await card.findByText(/60\.50/)).textContent)).toMatch(/^€60\.50 \/ 50 mins?$/);
    expect(await card.findByText('French, English')).toBeTruthy();
    expect(card.getByText('Naturopathy')).toBeTruthy();
    expect(screen.getByText('1 expert')).toBeTruthy();
  });

  it('sends the filters as comma-separated ids (languages by code), back to page 1, and remembers them', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const fetch = setup(() => expertPage([expertCard('e1')], 30));
    renderApp('/our-experts');
    await screen.findByText('30 experts');
    expect(lastQuery(fetch)).toEqual({ page: '1', page_size: '12' });
    const u = user();

    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(lastQuery(fetch).page).toBe('2'));
    expect(screen.getByText('Page 2 sur 3')).toBeTruthy();

    await u.click(filter(/^Troubles/));
    await u.click(await screen.findByRole('checkbox', { name: 'Anxiété' }));
    await u.click(screen.getByRole('checkbox', { name: 'Insomnie' }));
    await u.click(filter(/^Langues/));
    await u.click(await screen.findByRole('checkbox', { name: 'Anglais' }));
    await u.click(filter(/^Spécialités/));
    await u.click(await screen.findByRole('checkbox', { name: 'Hypnose' }));
    await waitFor(() =>
      expect(lastQuery(fetch)).toEqual({
        disorders: 'd1,d2',
        languages: 'en',
        specializations: 's2',
        page: '1',
        page_size: '12',
      }),
    );

    await u.type(screen.getByRole('searchbox', { name: /Rechercher un expert/ }), 'sommeil');
    await u.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(lastQuery(fetch).search).toBe('sommeil'));
    expect(storedFilters()).toEqual({
      keywords: [],
      disorders: ['d1', 'd2'],
      objectives: [],
      languages: ['en'],
      specialization: ['s2'],
      search: 'sommeil',
      page: 1,
    });
    // Only under the persisted-state key (spec §3), one of the allowed keys.
    const allowed = new Set<string>(Object.values(STORAGE_KEYS));
    expect(setItem.mock.calls.map(([key]) => key).filter((key) => !allowed.has(key))).toEqual([]);
    expect(setItem.mock.calls.some(([key]) => key === STORAGE_KEYS.persistedState)).toBe(true);

    // A later visit (a reload) restores them: the first request already carries them.
    cleanup();
    reloadPersistedState();
    const again = setup(() => expertPage([expertCard('e1')], 30));
    renderApp('/our-experts');
    await screen.findByText('30 experts');
    expect(Object.fromEntries(again.calls('GET', '/api/public/experts')[0].url.searchParams)).toEqual({
      search: 'sommeil',
      disorders: 'd1,d2',
      languages: 'en',
      specializations: 's2',
      page: '1',
      page_size: '12',
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: /Rechercher un expert/ }).value).toBe('sommeil');
    await u.click(filter(/^Troubles/));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Anxiété' }).checked).toBe(true);

    await u.click(screen.getAllByRole('button', { name: 'Effacer les filtres' })[0]);
    await waitFor(() => expect(lastQuery(again)).toEqual({ page: '1', page_size: '12' }));
  });

  it('pre-fills the search from /our-experts/{search} and puts a new search in the address', async () => {
    const fetch = setup(() => expertPage([expertCard('e1')]));
    const { router } = renderApp('/our-experts/ayurveda');
    await screen.findByText('1 expert');
    expect(fetch.calls('GET', '/api/public/experts').map((r) => r.url.searchParams.get('search'))).toEqual([
      'ayurveda',
    ]);
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: /Rechercher un expert/ });
    expect(box.value).toBe('ayurveda');
    const u = user();
    await u.clear(box);
    await u.type(box, 'hypnose');
    await u.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/our-experts/hypnose'));
    await waitFor(() => expect(lastQuery(fetch).search).toBe('hypnose'));
  });

  it('says when nobody matches and offers to clear the filters', async () => {
    setup(() => expertPage([]));
    renderApp('/our-experts/nobody');
    expect(await screen.findByText('Aucun expert ne correspond à votre recherche.')).toBeTruthy();
    expect(screen.getByText('0 expert')).toBeTruthy();
    const u = user();
    await u.click(screen.getAllByRole('button', { name: 'Effacer les filtres' }).at(-1)!);
    expect(await screen.findByText('Aucun expert n’est encore inscrit dans l’annuaire.')).toBeTruthy();
  });
});
