import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const title = () => screen.findByRole('heading', { level: 1, name: /Trouvez votre équilibre/ });

describe('home page', () => {
  it('shows the live figures the server counts, formatted in French', async () => {
    const fetch = stubFetch({
      'GET /api/public/figures': () => json({ experts: 42, clients: 1234, consultations: 87, shown_from: 10 }),
    });
    renderApp('/');
    await title();
    const figures = await screen.findByRole('list', { name: 'Equilibre en chiffres' });
    const items = within(figures).getAllByRole('listitem').map((li) => li.textContent?.replace(/\s/g, ' '));
    expect(items).toEqual(['42experts référencés', '1 234clients inscrits', '87consultations réalisées']);
    expect(fetch.calls('GET', '/api/public/figures')).toHaveLength(1);
  });

  it('says them in English, numbers formatted for English', async () => {
    stubFetch({
      'GET /api/public/figures': () => json({ experts: 1500, clients: 10, consultations: 20, shown_from: 10 }),
    });
    await changeLanguage('en');
    renderApp('/');
    const figures = await screen.findByRole('list', { name: 'Equilibre in figures' });
    expect(within(figures).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1,500listed experts',
      '10registered clients',
      '20consultations held',
    ]);
  });

  it('leaves out a figure below the server’s threshold, and the list when none is left', async () => {
    stubFetch({
      'GET /api/public/figures': () => json({ experts: 12, clients: 9, consultations: 0, shown_from: 10 }),
    });
    renderApp('/');
    const figures = await screen.findByRole('list', { name: 'Equilibre en chiffres' });
    expect(within(figures).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['12experts référencés']);
  });

  it.each([
    ['all figures too small', () => json({ experts: 3, clients: 2, consultations: 0, shown_from: 10 })],
    ['the figures unavailable', () => apiError(500, 'internal', 'Erreur')],
  ])('shows no figure at all with %s, and never a number written in the code', async (_, answer) => {
    stubFetch({ 'GET /api/public/figures': answer });
    renderApp('/');
    await title();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('list', { name: 'Equilibre en chiffres' })).toBeNull();
    expect(screen.queryByText(/500|300/)).toBeNull();
  });

  it('shows no latest-articles section while no post is published, and nothing unfinished', async () => {
    const fetch = stubFetch({ 'GET /api/public/blog-posts': () => json({ items: [], total: 0, page: 1, page_size: 3 }) });
    renderApp('/');
    await title();
    await waitFor(() => expect(fetch.calls('GET', '/api/public/blog-posts')).toHaveLength(1));
    expect(fetch.calls('GET', '/api/public/blog-posts')[0].url.searchParams.get('page_size')).toBe('3');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: 'Derniers articles' })).toBeNull();
    expect(screen.queryByText(/bientôt|coming soon|lettre d’information/i)).toBeNull();
  });
});
