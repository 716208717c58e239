import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { publicLegalDocument, publicSitePage } from '@/testing/site-pages';
// Loaded up front: the lazy route then resolves at once, even on a busy machine.
import './legal-page';
import './site-page-view';

const LOADED = { timeout: 10_000 };
const metaDescription = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('public static pages (server texts)', () => {
  it('shows the page’s title and sanitised text, names the tab and describes the page, in the interface language', async () => {
    const fetch = stubFetch({
      'GET /api/public/site-pages/faq': ({ headers }) =>
        json(
          headers.get('Accept-Language') === 'en'
            ? publicSitePage('faq', 'en', { html: '<h2>How do I book?</h2><p>Create an account.</p>', description: 'Answers.' })
            : publicSitePage('faq', 'fr', {
                html: '<h2>Comment réserver ?</h2><p>Créez un <a href="/our-experts">compte</a>.</p>',
                description: 'Les réponses à vos questions.',
              }),
        ),
    });
    const { router } = renderApp('/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions fréquentes' }, LOADED)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Comment réserver ?' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Questions fréquentes · Equilibre'));
    expect(metaDescription()).toBe('Les réponses à vos questions.');
    expect(fetch.calls('GET', '/api/public/site-pages/faq')[0].headers.get('Accept-Language')).toBe('fr');

    // Read again in English when the language changes.
    await changeLanguage('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'How do I book?' })).toBeTruthy();
    expect(fetch.calls('GET', '/api/public/site-pages/faq').at(-1)?.headers.get('Accept-Language')).toBe('en');
    expect(metaDescription()).toBe('Answers.');
    expect(screen.getByRole('heading', { level: 2, name: 'How do I book?' }).closest('[lang]')?.getAttribute('lang')).toBe('en');

    // A link of the text to one of the site's pages stays in the app.
    await changeLanguage('fr');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/our-experts'));
  });

  it.each([
    ['/about-us', 'about-us', 'À propos d’Equilibre'],
    ['/alternative-medicine', 'alternative-medicine', 'Médecines alternatives et santé mentale'],
    ['/sdg-media', 'sdg-media', 'Objectifs de développement durable et médias'],
    ['/team-and-vision', 'team-and-vision', 'Équipe et vision'],
    ['/media', 'media', 'Médias'],
  ])('%s reads the page %s', async (path, key, title) => {
    const fetch = stubFetch();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title }, LOADED)).toBeTruthy();
    expect(fetch.calls('GET', `/api/public/site-pages/${key}`)).toHaveLength(1);
  });

  it('says when the text could not be read', async () => {
    stubFetch({ 'GET /api/public/site-pages/media': () => apiError(500, 'internal', 'Erreur interne (test).') });
    renderApp('/media');
    expect((await screen.findByRole('alert', undefined, LOADED)).textContent).toBe('Erreur interne (test).');
  });
});

describe('public legal pages', () => {
  it('shows the version in force: since when, its PDF, the text and the other versions', async () => {
    const pdf = '/api/public/legal/terms/2030-03-01/pdf?lang=fr';
    const fetch = stubFetch({
      'GET /api/public/legal/terms': () =>
        json(
          publicLegalDocument('terms', 'fr', {
            version: '2030-03-01',
            effective_at: '2030-02-28T23:00:00Z',
            pdf_url: pdf,
            versions: [
              { version: '2030-06-01', effective_at: '2030-05-31T22:00:00Z', status: 'scheduled', pdf_url: '/p3' },
              { version: '2030-03-01', effective_at: '2030-02-28T23:00:00Z', status: 'in_force', pdf_url: pdf },
              { version: '2026-01', effective_at: '2026-01-01T00:00:00Z', status: 'superseded', pdf_url: '/p1' },
            ],
          }),
        ),
    });
    renderApp('/terms-conditions');
    const title = 'Conditions générales d’utilisation et de vente';
    expect(await screen.findByRole('heading', { level: 1, name: title }, LOADED)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${title} · Equilibre`));
    expect(screen.getByText('Version 2030-03-01, en vigueur depuis le 1 mars 2030')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Télécharger le PDF' }).getAttribute('href')).toBe(pdf);
    expect(screen.getByRole('heading', { level: 2, name: 'Objet' })).toBeTruthy();
    const others = screen.getByRole('region', { name: 'Autres versions' });
    expect(within(others).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Version 2030-06-01\u00a0: entre en vigueur le 1 juin 2030',
      'Version 2026-01\u00a0: en vigueur du 1 janvier 2026 au 1 mars 2030',
    ]);
    expect(within(others).getByRole('link', { name: 'Version 2026-01' }).getAttribute('href')).toBe(
      '/terms-conditions?version=2026-01',
    );
    expect(fetch.calls('GET', '/api/public/legal/terms')[0].url.searchParams.get('version')).toBeNull();
    expect(metaDescription()).toBe(`${title} — Equilibre`);
  });

  it('reads the version the address names, says when a scheduled one comes into force, and links to the one in force', async () => {
    const fetch = stubFetch({
      'GET /api/public/legal/privacy': ({ url }) =>
        json(
          publicLegalDocument('privacy', 'fr', {
            version: url.searchParams.get('version'),
            effective_at: '2030-05-31T22:00:00Z',
            status: 'scheduled',
          }),
        ),
    });
    renderApp('/privacy-policy?version=2030-06-01');
    expect(await screen.findByText('Version 2030-06-01, entre en vigueur le 1 juin 2030', undefined, LOADED)).toBeTruthy();
    expect(fetch.calls('GET', '/api/public/legal/privacy')[0].url.searchParams.get('version')).toBe('2030-06-01');
    expect(screen.getByRole('link', { name: 'Lire la version en vigueur' }).getAttribute('href')).toBe('/privacy-policy');
  });

  it('in English: "Version …, in force since …" and "Download the PDF"', async () => {
    await changeLanguage('en');
    const fetch = stubFetch();
    renderApp('/terms-conditions');
    expect(await screen.findByText('Version 2026-01, in force since 1 January 2026', undefined, LOADED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the PDF' }).getAttribute('href')).toBe(
      '/api/public/legal/terms/2026-01/pdf?lang=en',
    );
    expect(fetch.calls('GET', '/api/public/legal/terms')[0].headers.get('Accept-Language')).toBe('en');
    // A single version: no list of others.
    expect(screen.queryByRole('region', { name: 'Other versions' })).toBeNull();
  });

  it('answers the not-found page for an unknown or trashed version', async () => {
    stubFetch({ 'GET /api/public/legal/terms': () => apiError(404, 'not_found', 'Introuvable.') });
    renderApp('/terms-conditions?version=1999-01-01');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' }, LOADED)).toBeTruthy();
  });
});
