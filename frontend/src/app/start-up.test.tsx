import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createRoutes, discoverAreaRoutes } from './route-table';

/** With the app's own query client (its cache toasts data-loading errors). */
const renderWithAppClient = (path: string) => {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), {
    initialEntries: [path],
    patchRoutesOnNavigation: discoverAreaRoutes(),
  });
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
};

describe('start-up web settings', () => {
  it('applies web_title, fab_icon and web_logo', async () => {
    stubFetch({
      'GET /api/public/web-settings': () =>
        json({ web_title: 'Equilibre Santé', fab_icon: 'https://cdn.example/fav.png', web_logo: '/files/logo.png', web_legal_name: 'Equilibre SAS' }),
    });
    renderWithAppClient('/about-us');
    await waitFor(() => expect(document.title).toBe('À propos d’Equilibre · Equilibre Santé'));
    expect(document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href).toBe('https://cdn.example/fav.png');
    const logo = await screen.findByRole('img', { name: 'logo' });
    await waitFor(() => expect(logo.getAttribute('src')).toBe('/files/logo.png'));
    expect(logo.getAttribute('width')).toBe('120');
    expect(logo.getAttribute('height')).toBe('80');
    expect(screen.getByText(/Equilibre SAS/)).toBeTruthy();
  });

  it('shows footer_logo in the footer and only the social links that are set', async () => {
    stubFetch({
      'GET /api/public/web-settings': () =>
        json({
          web_title: 'Equilibre Santé',
          footer_logo: '/api/public/web-settings/footer_logo?v=2',
          twitter: '',
          youtube: 'https://youtube.example/equilibre',
          instagram: '',
          linkedin: 'https://linkedin.example/equilibre',
        }),
    });
    renderWithAppClient('/about-us');
    const footer = await screen.findByRole('contentinfo');
    const logo = await within(footer).findByRole('img', { name: 'Equilibre Santé' });
    await waitFor(() => expect(logo.getAttribute('src')).toBe('/api/public/web-settings/footer_logo?v=2'));
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['120', '80']);
    const social = within(footer).getByRole('heading', { name: 'Suivez-nous' }).closest('section')!;
    expect([...social.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['YouTube', 'https://youtube.example/equilibre'],
      ['LinkedIn', 'https://linkedin.example/equilibre'],
    ]);
  });

  it('toasts the server’s message when the settings cannot be loaded', async () => {
    stubFetch({ 'GET /api/public/web-settings': () => apiError(500, 'internal', 'Erreur interne du serveur.') });
    renderWithAppClient('/');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Erreur interne du serveur.');
  });

  it('toasts the error’s own message when there is no server message', async () => {
    stubFetch({ 'GET /api/public/web-settings': () => new Response('oops', { status: 500, statusText: 'Internal Server Error' }) });
    renderWithAppClient('/');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Internal Server Error');
  });
});
