import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { publicSitePagesKey } from '@/lib/site-page';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { publicSitePage } from '@/testing/site-pages';

const footer = () => screen.getByRole('contentinfo');

describe('the footer’s disclaimer', () => {
  it('shows the catalogue’s text at once, then the disclaimer page’s text as plain text, in the interface language', async () => {
    const fetch = stubFetch({
      'GET /api/public/site-pages/disclaimer': ({ headers }) =>
        json(
          headers.get('Accept-Language') === 'en'
            ? publicSitePage('disclaimer', 'en', { html: '<p>Information <strong>only</strong>.</p><p>Call 112.</p>' })
            : publicSitePage('disclaimer', 'fr', { html: '<p>À titre <strong>informatif</strong>.</p><p>Appelez le 15.</p>' }),
        ),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    // Nothing moves: the built-in text holds the place until the page's text arrives.
    expect(footer().textContent).toMatch(/Les consultations avec nos experts sont données à titre informatif uniquement/);
    const text = await screen.findByText('À titre informatif. Appelez le 15.');
    expect(text.tagName).toBe('P');
    expect(text.querySelector('strong')).toBeNull();
    expect(fetch.calls('GET', '/api/public/site-pages/disclaimer')[0].headers.get('Accept-Language')).toBe('fr');

    await changeLanguage('en');
    expect(await screen.findByText('Information only. Call 112.')).toBeTruthy();
  });

  it('keeps the catalogue’s text when the page cannot be read (no error shown)', async () => {
    const fetch = stubFetch({ 'GET /api/public/site-pages/disclaimer': () => apiError(500, 'internal', 'Erreur (test).') });
    const { queryClient } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(queryClient.getQueryState([...publicSitePagesKey, 'disclaimer', 'fr'])?.status).toBe('error'));
    expect(fetch.calls('GET', '/api/public/site-pages/disclaimer')).toHaveLength(1);
    expect(footer().textContent).toMatch(/Les consultations avec nos experts sont données à titre informatif uniquement/);
    expect(screen.queryByText('Erreur (test).')).toBeNull();
  });
});
