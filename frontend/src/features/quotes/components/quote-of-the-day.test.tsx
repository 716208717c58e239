import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
// Loaded up front: the lazy section then resolves at once, even on a busy machine.
import './quote-of-the-day';

const LOADED = { timeout: 10_000 };
const QUOTES = {
  fr: { id: 'q1', text: 'La paix vient de l’intérieur.\nNe la cherchez pas à l’extérieur.', author: 'Bouddha' },
  en: { id: 'q1', text: 'Peace comes from within.\nDo not seek it without.', author: 'Bouddha' },
};

/** The quote of the day in the request's language. */
const stubQuote = (quote: (language: 'fr' | 'en') => unknown = (language) => QUOTES[language]) =>
  stubFetch({
    'GET /api/public/quote-of-the-day': (request) =>
      json({ quote: quote(request.headers.get('Accept-Language') === 'en' ? 'en' : 'fr') }),
  });

describe('home page: quote of the day', () => {
  it('shows today’s quote in French: a figure with its blockquote and its author, after the other sections', async () => {
    const fetch = stubQuote();
    renderApp('/');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Citation du jour' }, LOADED);
    const section = heading.closest('section')!;
    const figure = within(section).getByRole('figure');
    const quote = figure.querySelector('blockquote')!;
    expect(quote.textContent).toBe('La paix vient de l’intérieur.\nNe la cherchez pas à l’extérieur.');
    expect(figure.querySelector('figcaption')!.textContent).toBe('— Bouddha');
    // Nothing above it moves when it comes: it follows the questions.
    const faq = screen.getByRole('heading', { level: 2, name: 'Questions fréquentes' }).closest('section')!;
    expect(faq.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const requests = fetch.calls('GET', '/api/public/quote-of-the-day');
    expect(requests).toHaveLength(1);
    expect(requests[0].headers.get('Accept-Language')).toBe('fr');
  });

  it('shows it in English for an English interface, and reads it again when the language changes', async () => {
    const fetch = stubQuote();
    await changeLanguage('en');
    renderApp('/');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Quote of the day' }, LOADED);
    const figure = within(heading.closest('section')!).getByRole('figure');
    expect(figure.querySelector('blockquote')!.textContent).toBe('Peace comes from within.\nDo not seek it without.');
    expect(figure.querySelector('figcaption')!.textContent).toBe('— Bouddha');
    expect(fetch.calls('GET', '/api/public/quote-of-the-day')[0].headers.get('Accept-Language')).toBe('en');

    await act(() => changeLanguage('fr'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Citation du jour' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('figure').querySelector('blockquote')!.textContent).toMatch(/^La paix vient/),
    );
    expect(fetch.calls('GET', '/api/public/quote-of-the-day').map((r) => r.headers.get('Accept-Language'))).toEqual([
      'en',
      'fr',
    ]);
  });

  it('shows nothing while there is no quote', async () => {
    const fetch = stubQuote(() => null);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /Trouvez votre équilibre/ }, LOADED);
    await waitFor(() => expect(fetch.calls('GET', '/api/public/quote-of-the-day')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: 'Citation du jour' })).toBeNull();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(document.querySelector('blockquote')).toBeNull();
  });
});
