import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

describe('layouts', () => {
  it('public header: menu button, all public links, profile to sign-in, footer disclaimer', async () => {
    stubFetch();
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: /Menu/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['À propos', '/about-us'],
      ['Blog', '/#blog'],
      ['Consultations en ligne', '/our-experts'],
      ['Équipe de confiance et certifiée', '/#team'],
      ['Médecines alternatives', '/alternative-medicine'],
      ['ODD et médias', '/sdg-media'],
      ['Bien-être et produits', '/lifestyle-product'],
      ['Profil', '/sign-in'],
    ]);
    expect(screen.getByText(/ne remplacent pas une consultation auprès de votre médecin généraliste/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Lettre d’information' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /newsletter|lettre/i })).toBeNull();
  });

  it('area: menu holds only existing pages; the dropdown works with the keyboard; no page header outside admin', async () => {
    stubFetch({ 'GET /api/consultant/session': () => json(sessionFor('consultant', 'Noé')) });
    renderApp('/consultant/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    // The page header (title + subtitle) belongs to the admin area only.
    expect(screen.queryByText('Votre espace expert')).toBeNull();

    const menu = screen.getByRole('navigation', { name: 'Menu Espace consultant' });
    expect([...menu.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/consultant/dashboard',
      '/consultant/edit-account',
      '/consultant/my-profile',
      '/consultant/add-timing',
      '/consultant/my-booking',
      '/consultant/add-complaint',
      '/consultant/view-complaint-by-me',
      '/consultant/view-complaint-against',
      '/consultant/change-password',
      '/consultant/security',
    ]);
    expect(screen.getByText(`© ${new Date().getFullYear()}`, { exact: false })).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    const trigger = screen.getByRole('button', { name: /Menu du compte/ });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Accueil', 'Changer le mot de passe', 'Sécurité', 'Se déconnecter']);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(items[3]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('area sidebar toggles and remembers its state', async () => {
    stubFetch({ 'GET /api/client/session': () => json(sessionFor('client')) });
    renderApp('/client/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Afficher ou masquer le menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(window.localStorage.getItem('equilibre-state')).toContain('"sidebarOpened":false');
  });
});
