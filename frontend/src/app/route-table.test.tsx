import { cleanup, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { createRoutes, discoverAreaRoutes } from './route-table';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('route table', () => {
  it('renders the home page at /', async () => {
    stubFetch();
    renderApp('/');
    expect(await heading(/Trouvez votre équilibre/)).toBeTruthy();
  });

  it('matches paths case-insensitively: /ABOUT-US renders the about page', async () => {
    stubFetch();
    renderApp('/ABOUT-US');
    expect(await heading('À propos d’Equilibre')).toBeTruthy();
  });

  it.each([
    ['/alternative-medicine', 'Médecines alternatives et santé mentale'],
    ['/sdg-media', 'Objectifs de développement durable et médias'],
    ['/our-experts', 'Nos experts'],
    ['/our-experts/ayurveda', 'Nos experts'],
    ['/lifestyle-product', 'Bien-être et produits'],
    ['/faq', 'Questions fréquentes'],
    ['/team-and-vision', 'Équipe et vision'],
    ['/media', 'Médias'],
    ['/terms-conditions', 'Conditions générales d’utilisation et de vente'],
    ['/privacy-policy', 'Politique de confidentialité'],
    ['/contact-us', 'Nous contacter'],
  ])('renders the public page %s', async (path, title) => {
    stubFetch();
    renderApp(path);
    expect(await heading(title)).toBeTruthy();
  });

  it('renders an expert profile at /our-experts/details/:id, and the not-found page for an unknown expert', async () => {
    stubFetch({
      'GET /api/public/experts/42': () =>
        json({
          id: '42', title: 'dr', given_name: 'Inès', family_name: 'Roux', profession: 'Naturopathe',
          photo_url: null, price: null, session_minutes: null, first_consultation_free: false,
          languages: [], specialisations: [], disorders: [], bio_excerpt: null, years_of_experience: null,
          bio: null, background: null, expertise: null, video_url: null, keywords: [], objectives: [],
          degrees: [], certificates: [],
        }),
    });
    renderApp('/our-experts/details/42');
    expect(await heading('Dr Inès Roux')).toBeTruthy();
    cleanup();
    stubFetch();
    renderApp('/our-experts/details/43');
    expect(await heading('Page introuvable')).toBeTruthy();
  });

  it.each([
    ['/public/client/sign-in', 'Connexion — Espace client'],
    ['/client/sign-in', 'Connexion — Espace client'],
    ['/Public/Client/Sign-In', 'Connexion — Espace client'],
    ['/public/consultant/sign-in', 'Connexion — Espace consultant'],
    ['/consultant/sign-in', 'Connexion — Espace consultant'],
    ['/public/admin/sign-in', 'Connexion — Administration'],
    ['/admin/sign-in', 'Connexion — Administration'],
    ['/public/client/forget-password', 'Mot de passe oublié ?'],
    ['/consultant/forget-password', 'Mot de passe oublié ?'],
    ['/admin/forget-password', 'Mot de passe oublié ?'],
    ['/public/admin/verify/tok123/a%40b.org', 'Choisissez un nouveau mot de passe'],
    ['/client/verify/tok123/a@b.org', 'Choisissez un nouveau mot de passe'],
    ['/public/sign-in', 'Connexion'],
    ['/sign-in', 'Connexion'],
    ['/public/sign-up', 'Créer un compte'],
    ['/sign-up', 'Créer un compte'],
  ])('answers the public auth page %s under both prefixes, before the area guard', async (path, title) => {
    const fetch = stubFetch();
    renderApp(path);
    expect(await heading(title)).toBeTruthy();
    // No guard ran: nobody asked who is signed in.
    expect(fetch.requests.filter((r) => r.path.endsWith('/session'))).toEqual([]);
  });

  it.each([
    ['/public/client/sign-up', 'Inscription — Espace client'],
    ['/client/sign-up', 'Inscription — Espace client'],
    ['/public/consultant/sign-up', 'Inscription — Espace consultant'],
    ['/consultant/sign-up', 'Inscription — Espace consultant'],
  ])('renders the sign-up page %s', async (path, title) => {
    stubFetch();
    renderApp(path);
    expect(await heading(title)).toBeTruthy();
  });

  it('shows the reset e-mail from the verify path', async () => {
    stubFetch();
    renderApp('/public/client/verify/tok123/camille%40example.org');
    expect(await screen.findByText('Nouveau mot de passe pour camille@example.org.')).toBeTruthy();
  });

  it.each(['/nope', '/about-us/extra', '/public/nope', '/public/page-404', '/page-404', '/public/admin/sign-up'])(
    'shows the not-found page for %s',
    async (path) => {
      stubFetch();
      renderApp(path);
      expect(await heading('Page introuvable')).toBeTruthy();
    },
  );

  it.each(['/public/page-500', '/page-500'])('shows the server-error page at %s', async (path) => {
    stubFetch();
    renderApp(path);
    expect(await heading('Une erreur est survenue')).toBeTruthy();
  });

  it.each([
    '/admin/dashboard',
    '/consultant/dashboard',
    '/admin',
    '/consultant/change-password',
    '/admin/security',
    '/consultant/my-profile',
    '/consultant/edit-account/bank-detail',
  ])(
    'sends strangers from %s back home',
    async (path) => {
      stubFetch();
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await heading(/Trouvez votre équilibre/)).toBeTruthy();
    },
  );

  it('guards the booking page for clients', async () => {
    stubFetch();
    const { router } = renderApp('/booking/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/client/sign-in'));
  });

  it('leaves the areas’ screens out of the table until someone goes to that area, then adds that area’s only', async () => {
    const leaf = (path: string) => matchRoutes(createRoutes(new QueryClient()), path)?.at(-1)?.route.path;
    expect(leaf('/consultant/dashboard')).toBe('*');
    const discover = discoverAreaRoutes();
    const patch = vi.fn();
    const args = (path: string) => ({ path, patch, matches: [], signal: new AbortController().signal, fetcherKey: undefined });
    await discover(args('/our-experts/details/42'));
    expect(patch).not.toHaveBeenCalled();
    await discover(args('/Consultant/Dashboard'));
    expect(patch).toHaveBeenCalledTimes(1);
    const [id, children] = patch.mock.calls[0] as [string, { path?: string }[]];
    expect(id).toBe('area-consultant');
    expect(children.map((route) => route.path)).toContain('/consultant/dashboard');
    expect(children.map((route) => route.path)).not.toContain('/admin/dashboard');
    await discover(args('/consultant/my-booking'));
    expect(patch).toHaveBeenCalledTimes(1);
  });
});
