import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { expertCard } from '@/testing/experts';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { EXPERT_ID, listOf, publicCard, publicPost } from '../testing/blog-fixtures';
// Loaded up front: the lazy routes then resolve at once, even on a busy machine.
import './blog-list-page';
import './blog-post-page';
import './latest-posts';

const LOADED = { timeout: 10_000 };
const user = () => userEvent.setup({ delay: null });

const tags = {
  fr: [
    { tag: 'sommeil', count: 3 },
    { tag: 'stress', count: 1 },
  ],
  en: [{ tag: 'sleep', count: 3 }],
};

describe('public blog list (/blog)', () => {
  it('shows cards in the interface language: cover, title, excerpt, date, reading time, author', async () => {
    const fetch = stubFetch({
      'GET /api/public/blog-tags': () => json({ items: tags.fr }),
      'GET /api/public/blog-posts': () =>
        json(
          listOf(
            [
              publicCard(),
              publicCard({ id: 'p2', slug: 'respirer', title: 'Respirer', cover_url: null, author: { kind: 'editorial' } }),
              publicCard({
                id: 'p3',
                slug: 'marcher',
                title: 'Marcher',
                author: { kind: 'expert', consultant_id: 'gone', name: 'Paul Martin', listed: false },
              }),
            ],
            4,
            1,
            12,
          ),
        ),
    });
    renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' }, LOADED)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Blog · Equilibre'));
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]);
    const cover = first.getByRole('img', { name: 'Bien dormir' });
    // The first cover is the page's largest paint: asked at once; later ones when scrolled near.
    expect([cover.getAttribute('loading'), cover.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['640', '360']);
    const third = within(cards[2]).getByRole('img', { name: 'Marcher' });
    expect([third.getAttribute('loading'), third.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
    expect(first.getByRole('heading', { level: 2, name: 'Bien dormir' })).toBeTruthy();
    expect(first.getByRole('link', { name: 'Bien dormir' }).getAttribute('href')).toBe('/blog/bien-dormir');
    expect(first.getByText('Quelques habitudes simples pour des nuits réparatrices.')).toBeTruthy();
    expect(first.getByText('1 mars 2030').getAttribute('dateTime')).toBe('2030-03-01T08:00:00Z');
    expect(first.getByText('4 min de lecture')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Dr Jeanne Dupont' }).getAttribute('href')).toBe(`/our-experts/details/${EXPERT_ID}`);
    expect(within(cards[1]).queryByRole('img')).toBeNull();
    expect(within(cards[1]).getByText(/l’équipe éditoriale/)).toBeTruthy();
    // An expert no longer listed is named without a link to a page that is gone.
    expect(within(cards[2]).getByText(/Paul Martin/)).toBeTruthy();
    expect(within(cards[2]).queryByRole('link', { name: 'Paul Martin' })).toBeNull();
    expect(screen.getByText('4 articles')).toBeTruthy();
    const request = fetch.calls('GET', '/api/public/blog-posts')[0];
    expect(Object.fromEntries(request.url.searchParams)).toEqual({ page: '1', page_size: '12' });
    expect(request.headers.get('Accept-Language')).toBe('fr');
  });

  it('filters by tag with links (?tag=) and goes through pages (?page=)', async () => {
    const fetch = stubFetch({
      'GET /api/public/blog-tags': () => json({ items: tags.fr }),
      'GET /api/public/blog-posts': (request) => {
        const page = Number(request.url.searchParams.get('page'));
        return json(listOf([publicCard({ id: `p${page}`, title: `Article ${page}` })], 13, page, 12));
      },
    });
    const { router } = renderApp('/blog');
    const filter = await screen.findByRole('navigation', { name: 'Thèmes' }, LOADED);
    expect(within(filter).getByRole('link', { name: 'Tous les articles' }).getAttribute('aria-current')).toBe('page');
    const u = user();
    await u.click(within(filter).getByRole('link', { name: /^sommeil/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tag=sommeil'));
    expect(await screen.findByText('13 articles sur « sommeil »')).toBeTruthy();
    expect(within(filter).getByRole('link', { name: /^sommeil/ }).getAttribute('aria-current')).toBe('page');
    expect(within(filter).getByRole('link', { name: /^sommeil/ }).textContent).toContain('(3)');
    expect(fetch.calls('GET', '/api/public/blog-posts').at(-1)!.url.searchParams.get('tag')).toBe('sommeil');

    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tag=sommeil&page=2'));
    expect(await screen.findByRole('heading', { name: 'Article 2' })).toBeTruthy();
    expect(Object.fromEntries(fetch.calls('GET', '/api/public/blog-posts').at(-1)!.url.searchParams)).toEqual({
      tag: 'sommeil',
      page: '2',
      page_size: '12',
    });
  });

  it('in English, asks in English; a tag of the other language is dropped when the language changes', async () => {
    const fetch = stubFetch({
      'GET /api/public/blog-tags': (request) =>
        json({ items: request.headers.get('Accept-Language') === 'en' ? tags.en : tags.fr }),
      'GET /api/public/blog-posts': (request) =>
        json(
          listOf(
            [
              request.headers.get('Accept-Language') === 'en'
                ? publicCard({ title: 'Sleeping well', slug: 'sleeping-well' })
                : publicCard(),
            ],
            1,
            1,
            12,
          ),
        ),
    });
    const { router } = renderApp('/blog?tag=sommeil');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bien dormir' }, LOADED)).toBeTruthy();
    await act(() => changeLanguage('en'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sleeping well' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: /^sleep/ })).toBeTruthy();
    expect(screen.getByText('4 min read')).toBeTruthy();
    const last = fetch.calls('GET', '/api/public/blog-posts').at(-1)!;
    expect(last.headers.get('Accept-Language')).toBe('en');
    expect(last.url.searchParams.get('tag')).toBeNull();
  });

  it('says so when nothing is published', async () => {
    stubFetch({
      'GET /api/public/blog-tags': () => json({ items: [] }),
      'GET /api/public/blog-posts': () => json(listOf([], 0, 1, 12)),
    });
    renderApp('/blog');
    expect(await screen.findByText('Aucun article publié pour le moment.', undefined, LOADED)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Thèmes' })).toBeNull();
  });
});

describe('public blog post (/blog/:slug)', () => {
  it('shows the post: title, meta, tags, cover and the server’s HTML in a prose block', async () => {
    const fetch = stubFetch({ 'GET /api/public/blog-posts/by-slug/bien-dormir': () => json(publicPost()) });
    renderApp('/blog/bien-dormir');
    const article = await screen.findByRole('article', undefined, LOADED);
    expect(within(article).getByRole('heading', { level: 1, name: 'Bien dormir' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Bien dormir · Equilibre'));
    // The body's own headings come after the title in the outline.
    expect(within(article).getByRole('heading', { level: 2, name: 'Le sommeil' })).toBeTruthy();
    expect(within(article).getByText('bien').tagName).toBe('STRONG');
    const cover = within(article).getByRole('img', { name: 'Bien dormir' });
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['1200', '675']);
    expect(within(article).getByRole('link', { name: 'sommeil' }).getAttribute('href')).toBe('/blog?tag=sommeil');
    expect(within(article).getByRole('link', { name: 'Dr Jeanne Dupont' }).getAttribute('href')).toBe(
      `/our-experts/details/${EXPERT_ID}`,
    );
    expect(within(article).getByRole('link', { name: '← Tous les articles' }).getAttribute('href')).toBe('/blog');
    expect(fetch.calls('GET', '/api/public/blog-posts/by-slug/bien-dormir')[0].headers.get('Accept-Language')).toBe('fr');
  });

  it('a slug of the other language leads to this language’s version (alternate)', async () => {
    const fetch = stubFetch({
      'GET /api/public/blog-posts/by-slug/sleeping-well': () =>
        json(
          publicPost({
            language: 'en',
            slug: 'sleeping-well',
            title: 'Sleeping well',
            alternate: { language: 'fr', slug: 'bien-dormir' },
          }),
        ),
      'GET /api/public/blog-posts/by-slug/bien-dormir': () => json(publicPost()),
    });
    const { router } = renderApp('/blog/sleeping-well');
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/bien-dormir'), LOADED);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bien dormir' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sleeping well' })).toBeNull();
    expect(fetch.calls('GET', '/api/public/blog-posts/by-slug/sleeping-well')[0].headers.get('Accept-Language')).toBe('fr');
  });

  it('switching the language goes to the other version’s slug', async () => {
    stubFetch({
      'GET /api/public/blog-posts/by-slug/bien-dormir': () => json(publicPost()),
      'GET /api/public/blog-posts/by-slug/sleeping-well': (request) =>
        request.headers.get('Accept-Language') === 'en'
          ? json(
              publicPost({
                language: 'en',
                slug: 'sleeping-well',
                title: 'Sleeping well',
                body_html: '<p>Sleep well.</p>',
                alternate: { language: 'fr', slug: 'bien-dormir' },
              }),
            )
          : apiError(404, 'not_found', 'Introuvable.'),
    });
    const { router } = renderApp('/blog/bien-dormir');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bien dormir' }, LOADED)).toBeTruthy();
    await act(() => changeLanguage('en'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/sleeping-well'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sleeping well' })).toBeTruthy();
    expect(screen.getByText('Sleep well.')).toBeTruthy();
  });

  it('an unknown, unpublished or trashed post shows the not-found page', async () => {
    stubFetch({ 'GET /api/public/blog-posts/by-slug/nulle-part': () => apiError(404, 'not_found', 'Introuvable.') });
    renderApp('/blog/nulle-part');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' }, LOADED)).toBeTruthy();
  });
});

describe('an expert’s posts on their page', () => {
  it('lists the expert’s three latest posts, and nothing when they have none', async () => {
    const fetch = stubFetch({
      'GET /api/public/experts/e1': () => json({ ...expertCard('e1'), keywords: [], objectives: [], degrees: [], certificates: [] }),
      'GET /api/public/experts/e1/slots': () => json({ timezone: 'Europe/Paris', duration_minutes: 50, slots: [] }),
      'GET /api/public/blog-posts': () => json(listOf([publicCard()], 1, 1, 3)),
    });
    renderApp('/our-experts/details/e1');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Articles de l’expert' }, LOADED);
    const section = heading.closest('section')!;
    expect(within(section).getByRole('heading', { level: 3, name: 'Bien dormir' })).toBeTruthy();
    const query = fetch.calls('GET', '/api/public/blog-posts')[0].url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ expert: 'e1', page_size: '3' });
  });

  it('shows no section for an expert without posts', async () => {
    const fetch = stubFetch({
      'GET /api/public/experts/e1': () => json({ ...expertCard('e1'), keywords: [], objectives: [], degrees: [], certificates: [] }),
      'GET /api/public/experts/e1/slots': () => json({ timezone: 'Europe/Paris', duration_minutes: 50, slots: [] }),
      'GET /api/public/blog-posts': () => json(listOf([], 0, 1, 3)),
    });
    renderApp('/our-experts/details/e1');
    await screen.findByRole('heading', { level: 1, name: 'Dr Inès Roux e1' }, LOADED);
    await waitFor(() => expect(fetch.calls('GET', '/api/public/blog-posts')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: 'Articles de l’expert' })).toBeNull();
  });
});

describe('the home page’s latest articles', () => {
  it('shows the three latest articles, in the interface language, last on the page', async () => {
    const fetch = stubFetch({
      'GET /api/public/blog-posts': () =>
        json({
          items: [publicCard(), publicCard({ id: 'p2', slug: 'respirer', title: 'Respirer', author: { kind: 'editorial' } })],
          total: 2,
          page: 1,
          page_size: 3,
        }),
    });
    renderApp('/');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Derniers articles' }, LOADED);
    const section = heading.closest('section')!;
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Bien dormir',
      'Respirer',
    ]);
    expect(within(section).getByRole('link', { name: 'Respirer' }).getAttribute('href')).toBe('/blog/respirer');
    expect(within(section).getByRole('link', { name: 'Tous les articles du blog' }).getAttribute('href')).toBe('/blog');
    expect(fetch.calls('GET', '/api/public/blog-posts')[0].headers.get('Accept-Language')).toBe('fr');
    // Nothing of the page moves when the section arrives: it is the last one.
    expect(section.nextElementSibling).toBeNull();
  });
});
