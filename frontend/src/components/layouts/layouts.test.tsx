import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

/** The screen width the layouts ask `matchMedia` about (jsdom has none). */
const screenIsWide = (wide: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

describe('layouts', () => {
  it('public header: menu button, all public links, profile to sign-in, footer links and disclaimer', async () => {
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
      ['Blog', '/blog'],
      ['Consultations en ligne', '/our-experts'],
      ['Équipe de confiance et certifiée', '/#team'],
      ['Médecines alternatives', '/alternative-medicine'],
      ['ODD et médias', '/sdg-media'],
      ['Bien-être et produits', '/lifestyle-product'],
      ['Profil', '/sign-in'],
    ]);
    const footer = screen.getByRole('navigation', { name: 'Equilibre' });
    expect([...footer.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['À propos', '/about-us'],
      ['FAQ', '/faq'],
      ['Équipe et vision', '/team-and-vision'],
      ['Médias', '/media'],
      ['Nous contacter', '/contact-us'],
    ]);
    // The disclaimer: the catalogue's text at once, then the one the administrators wrote (the `disclaimer` page).
    expect(await screen.findByText(/elles ne remplacent ni votre médecin traitant, ni un diagnostic/)).toBeTruthy();
    // The newsletter's section, its form loading after the page (issue 13).
    expect(screen.getByRole('heading', { level: 2, name: 'Newsletter' })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Inscription à la newsletter' })).toBeTruthy();
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
      '/consultant/recommended-products',
      '/consultant/add-timing',
      '/consultant/my-booking',
      '/consultant/add-complaint',
      '/consultant/view-complaint-by-me',
      '/consultant/view-complaint-against',
      '/consultant/change-password',
      '/consultant/security',
      '/consultant/my-data',
    ]);
    expect(screen.getByText(`© ${new Date().getFullYear()}`, { exact: false })).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    const trigger = screen.getByRole('button', { name: /Menu du compte/ });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Accueil', 'Changer le mot de passe', 'Sécurité', 'Se déconnecter']);
    // The menu holds the focus and points at its active item.
    const active = () => document.activeElement?.getAttribute('aria-activedescendant');
    await waitFor(() => expect(active()).toBe(items[0].id));
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(items[1].id);
    await user.keyboard('{End}');
    expect(active()).toBe(items[3].id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('area sidebar on a wide screen toggles and remembers its state', async () => {
    screenIsWide(true);
    stubFetch({ 'GET /api/client/session': () => json(sessionFor('client')) });
    renderApp('/client/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(window.localStorage.getItem('equilibre-state')).toContain('"sidebarOpened":false');
  });

  it('area menu on a phone: closed on arrival, a disclosure the keyboard opens and closes, a chosen link closes it', async () => {
    screenIsWide(false);
    stubFetch({ 'GET /api/client/session': () => json(sessionFor('client')) });
    const { router } = renderApp('/client/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    const button = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Menu Espace client' });
    expect(button.getAttribute('aria-controls')).toBe(nav.id);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // A disclosure of links, not an ARIA menu.
    expect(button.getAttribute('aria-haspopup')).toBeNull();

    const user = userEvent.setup({ delay: null });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Tableau de bord'));
    expect(nav.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    // The stored side-bar choice of wide screens does not open it here.
    expect(window.localStorage.getItem('equilibre-state') ?? '').not.toContain('"sidebarOpened":false');

    await user.click(button);
    await user.click(within(nav).getByRole('link', { name: 'Sécurité' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/security'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    // Focus leaving the menu (Tab past its last link) closes it too.
    await user.click(button);
    await user.click(screen.getByRole('button', { name: /Menu du compte/ }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('public menu on a phone: Enter opens it with focus on its first link, Escape closes it back to the button', async () => {
    stubFetch();
    renderApp('/');
    const button = await screen.findByRole('button', { name: /Menu/ });
    const user = userEvent.setup({ delay: null });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('À propos'));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
