import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { SITE_PAGE_KEYS, type SiteTexts } from '../api/types';
import { adminSitePage } from '../testing/site-fixtures';
// Loaded up front: the lazy route then resolves at once, even on a busy machine.
import './admin-site-screens';

const LOADED = { timeout: 10_000 };
const setup = (handlers: Record<string, StubHandler>) =>
  stubFetch({ 'GET /api/admin-panel/session': () => json(sessionFor('admin')), ...handlers });
const user = () => userEvent.setup({ delay: null });

const TITLES: Record<string, string> = {
  'about-us': 'À propos d’Equilibre',
  'alternative-medicine': 'Médecines alternatives et santé mentale',
  'sdg-media': 'Objectifs de développement durable et médias',
  faq: 'Questions fréquentes',
  'team-and-vision': 'Équipe et vision',
  media: 'Médias',
  disclaimer: 'Avertissement',
};

describe('admin site pages', () => {
  it('lists the seven texts with their French title and their last edit, or their built-in text', async () => {
    setup({
      'GET /api/admin-panel/site-pages': () =>
        json(
          SITE_PAGE_KEYS.map((key) =>
            adminSitePage(key, {
              fr: { ...adminSitePage().fr, title: TITLES[key] },
              edited_at: key === 'faq' ? '2030-03-05T09:30:00Z' : null,
            }),
          ),
        ),
    });
    renderApp('/admin/site-pages');
    const table = await screen.findByRole('table', { name: 'Pages du site' }, LOADED);
    const rows = within(table).getAllByRole<HTMLTableRowElement>('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'À propos d’Equilibre/about-us',
      'Médecines alternatives et santé mentale/alternative-medicine',
      'Objectifs de développement durable et médias/sdg-media',
      'Questions fréquentes/faq',
      'Équipe et vision/team-and-vision',
      'Médias/media',
      'AvertissementPied de page et page de réservation',
    ]);
    expect(rows[3].cells[1].textContent).toMatch(/^Modifiée le .*2030/);
    expect(rows[0].cells[1].textContent).toBe('Texte d’origine');
    expect(within(rows[3]).getByRole('link', { name: 'Modifier « Questions fréquentes »' }).getAttribute('href')).toBe(
      '/admin/edit-site-page/faq',
    );
    expect(within(rows[3]).getByRole('link', { name: 'Voir la page « Questions fréquentes »' }).getAttribute('href')).toBe('/faq');
    expect(within(rows[6]).queryByRole('link', { name: /Voir la page/ })).toBeNull();
    expect(screen.getByText('7 pages')).toBeTruthy();
  });

  it('edits a page in both languages: server field errors on their fields, then saved and back to the list', async () => {
    let refuse = true;
    const fetch = setup({
      'GET /api/admin-panel/site-pages/faq': () => json(adminSitePage('faq')),
      'GET /api/admin-panel/site-pages': () => json([adminSitePage('faq')]),
      'PUT /api/admin-panel/site-pages/faq': () =>
        refuse
          ? apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
              'en.description': 'Une seule ligne (test).',
            })
          : new Response(null, { status: 204 }),
    });
    const { router } = renderApp('/admin/edit-site-page/faq');
    const [frTitle] = await screen.findAllByLabelText(/^Titre/, undefined, LOADED);
    expect(screen.getByRole('heading', { level: 2, name: 'Questions fréquentes' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Français' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Anglais' })).toBeTruthy();
    const u = user();
    await u.clear(frTitle);
    await u.type(frTitle, '  FAQ  ');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Une seule ligne (test).')).toBeTruthy();
    expect(screen.getAllByLabelText(/^Description/)[1].getAttribute('aria-invalid')).toBe('true');
    expect(fetch.calls('PUT', '/api/admin-panel/site-pages/faq')[0].body as SiteTexts).toEqual({
      fr: { ...adminSitePage().fr, title: 'FAQ' },
      en: adminSitePage().en,
    });

    refuse = false;
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const toast = await screen.findByText('« FAQ » a été enregistrée.');
    expect(toast.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/site-pages'));
  });

  it('previews the Markdown as the site shows it', async () => {
    const fetch = setup({
      'GET /api/admin-panel/site-pages/disclaimer': () => json(adminSitePage('disclaimer')),
      'POST /api/admin-panel/blog-preview': () => json({ html: '<h2>Comment réserver ?</h2><p>Créez un compte.</p>' }),
    });
    renderApp('/admin/edit-site-page/disclaimer');
    await screen.findAllByLabelText(/^Titre/, undefined, LOADED);
    expect(screen.getByText(/L’avertissement s’affiche en pied de page et sur la page de réservation/)).toBeTruthy();
    await user().click(screen.getByRole('button', { name: 'Aperçu (Français)' }));
    const preview = await screen.findByRole('region', { name: 'Aperçu du texte (Français)' });
    expect(await within(preview).findByRole('heading', { level: 2, name: 'Comment réserver ?' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/blog-preview')[0].body).toEqual({ body: adminSitePage().fr.body });
  });

  it('answers the not-found page for an unknown page', async () => {
    setup({});
    renderApp('/admin/edit-site-page/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' }, LOADED)).toBeTruthy();
  });
});
