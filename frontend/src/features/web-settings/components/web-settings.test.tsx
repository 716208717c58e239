import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { AdminWebSettings } from '../api/web-settings-form';

const SETTINGS = '/api/admin-panel/web-settings';
const user = () => userEvent.setup({ delay: null });
const saved: AdminWebSettings = {
  site_title: 'Equilibre',
  domain_name: 'equilibre.fr',
  legal_name: 'Equilibre SAS',
  web_logo: '',
  footer_logo: 'subjects/a1/old-footer.png',
  email_logo: '',
  favicon: '',
  web_logo_url: '/logo.svg',
  footer_logo_url: '/api/admin-panel/files/subjects/a1/old-footer.png',
  email_logo_url: '/logo.svg',
  favicon_url: '/favicon.svg',
  twitter: '',
  youtube: 'https://youtube.example/equilibre',
  instagram: '',
  linkedin: '',
  changed_at: null,
};
const setup = (extra: Record<string, StubHandler> = {}) =>
  stubFetch({
    'GET /api/admin-panel/session': () => json(sessionFor('admin')),
    [`GET ${SETTINGS}`]: () => json(saved),
    [`PUT ${SETTINGS}`]: () => new Response(null, { status: 204 }),
    'POST /api/admin-panel/files': ({ url }) =>
      json(
        { key: `subjects/a1/new-${url.searchParams.get('kind')}.png`, content_type: 'image/png', size: 2048, name: 'x.png' },
        { status: 201 },
      ),
    ...extra,
  });
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const form = () => screen.findByRole('form', { name: 'Paramètres du site' });

describe('admin web settings (/admin/websetting)', () => {
  it('is the Medicine group’s Web Setting Page and shows the saved settings with previews', async () => {
    setup();
    renderApp('/admin/websetting');
    const f = await form();
    const menu = screen.getByRole('navigation', { name: /Menu/ });
    expect(within(menu).getByRole('link', { name: 'Paramètres du site' }).getAttribute('aria-current')).toBe('page');
    expect(within(f).getByLabelText<HTMLInputElement>(/^Titre du site/).value).toBe('Equilibre');
    expect(within(f).getByLabelText<HTMLInputElement>(/^Nom de domaine/).value).toBe('equilibre.fr');
    expect(within(f).getByLabelText<HTMLInputElement>(/^Raison sociale/).value).toBe('Equilibre SAS');
    expect(within(f).getByLabelText<HTMLInputElement>(/^YouTube/).value).toBe('https://youtube.example/equilibre');
    const header = within(f).getByRole('img', { name: /Aperçu\s: Logo de l’en-tête/ });
    expect([header.getAttribute('src'), header.getAttribute('width'), header.getAttribute('height')]).toEqual(['/logo.svg', '120', '80']);
    expect(within(f).getByRole('img', { name: /Aperçu\s: Logo du pied de page/ }).getAttribute('src')).toBe(
      '/api/admin-panel/files/subjects/a1/old-footer.png',
    );
    expect(within(f).getByRole('img', { name: /Aperçu\s: Icône du site/ }).getAttribute('src')).toBe('/favicon.svg');
    for (const label of [/^Logo de l’en-tête/, /^Logo du pied de page/, /^Logo des e-mails/, /^Icône du site/]) {
      expect(within(f).getByLabelText(label).getAttribute('type')).toBe('file');
    }
    expect(within(f).getByLabelText(/^Icône du site/).getAttribute('accept')).toBe('image/png,.png,image/x-icon,.ico');
  });

  it('uploads a logo and a favicon, goes back to the built-in footer logo, and saves the whole body', async () => {
    const fetch = setup();
    renderApp('/admin/websetting');
    const f = await form();
    const u = user();
    const title = within(f).getByLabelText(/^Titre du site/);
    await u.clear(title);
    await u.type(title, ' Equilibre Santé ');
    await u.upload(within(f).getByLabelText(/^Logo de l’en-tête/), png('logo.png'));
    await waitFor(() =>
      expect(within(f).getByRole('img', { name: /Aperçu\s: Logo de l’en-tête/ }).getAttribute('src')).toBe(
        '/api/admin-panel/files/subjects/a1/new-site_logo.png',
      ),
    );
    await u.upload(within(f).getByLabelText(/^Icône du site/), png('favicon.png'));
    await waitFor(() => expect(fetch.calls('POST', '/api/admin-panel/files')).toHaveLength(2));
    expect(fetch.calls('POST', '/api/admin-panel/files').map((r) => r.url.searchParams.get('kind'))).toEqual(['site_logo', 'favicon']);
    await u.click(within(f).getAllByRole('button', { name: 'Revenir à l’image d’origine' })[1]);
    const publicReads = fetch.calls('GET', '/api/public/web-settings').length;
    await u.click(within(f).getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByText('Paramètres du site enregistrés.')).closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('PUT', SETTINGS).map((r) => r.body)).toEqual([
      {
        site_title: 'Equilibre Santé',
        domain_name: 'equilibre.fr',
        legal_name: 'Equilibre SAS',
        web_logo: 'subjects/a1/new-site_logo.png',
        footer_logo: '',
        email_logo: '',
        favicon: 'subjects/a1/new-favicon.png',
        twitter: '',
        youtube: 'https://youtube.example/equilibre',
        instagram: '',
        linkedin: '',
      },
    ]);
    // The public settings (this page's icon and title) are read again.
    await waitFor(() => expect(fetch.calls('GET', '/api/public/web-settings').length).toBeGreaterThan(publicReads));
  });

  it('refuses an http social link and an empty title without a request; the server’s errors go under their fields', async () => {
    const fetch = setup({
      [`PUT ${SETTINGS}`]: () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', { domain_name: 'Nom de domaine invalide.' }),
    });
    renderApp('/admin/websetting');
    const f = await form();
    const u = user();
    await u.clear(within(f).getByLabelText(/^Titre du site/));
    await u.type(within(f).getByLabelText(/^Twitter/), 'http://x.example/equilibre');
    await u.click(within(f).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(f).findByText('Saisissez une adresse qui commence par https://.')).toBeTruthy();
    expect(within(f).getByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(fetch.calls('PUT', SETTINGS)).toEqual([]);
    await u.type(within(f).getByLabelText(/^Titre du site/), 'Equilibre');
    await u.clear(within(f).getByLabelText(/^Twitter/));
    await u.click(within(f).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(f).findByText('Nom de domaine invalide.')).toBeTruthy();
    expect(within(f).getByLabelText(/^Nom de domaine/).getAttribute('aria-invalid')).toBe('true');
  });

  it('says why an image was refused, on its field', async () => {
    setup({
      'POST /api/admin-panel/files': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', { file: 'Ce type de fichier n’est pas accepté.' }),
    });
    renderApp('/admin/websetting');
    const f = await form();
    await user().upload(within(f).getByLabelText(/^Logo des e-mails/), png('logo.png'));
    expect(await within(f).findByText('Ce type de fichier n’est pas accepté.')).toBeTruthy();
    expect(within(f).getByLabelText(/^Logo des e-mails/).getAttribute('aria-invalid')).toBe('true');
  });
});
