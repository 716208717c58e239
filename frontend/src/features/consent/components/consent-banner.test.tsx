import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { givenConsent, storedConsent } from '@/testing/consent';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const banner = () => screen.findByRole('region', { name: 'Vos choix de cookies' });
const queryBanner = () => screen.queryByRole('region', { name: 'Vos choix de cookies' });
const dated = (analytics: boolean, advertising: boolean) => ({
  version: 1,
  date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
  analytics,
  advertising,
});

describe('consent banner', () => {
  it('shows to a visitor who has not chosen, with refusing the same button as accepting, early in the page’s order', async () => {
    stubFetch();
    renderApp('/');
    const region = await banner();
    const buttons = within(region).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Tout accepter', 'Tout refuser', 'Personnaliser']);
    expect(new Set(buttons.map((button) => button.className)).size).toBe(1);
    expect(buttons.every((button) => button.parentElement === buttons[0].parentElement)).toBe(true);
    expect(within(region).getByRole('link', { name: 'En savoir plus sur les cookies' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    // Right after the skip link, before the page: the first stops of the keyboard.
    const skip = screen.getByRole('link', { name: 'Aller au contenu' });
    expect(skip.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(region.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Not modal: the page around it is still there for everyone.
    expect(screen.getByRole('main').closest('[inert], [aria-hidden="true"]')).toBeNull();
    expect(storedConsent()).toBeNull();
  });

  it('« Tout accepter » stores both purposes with the date and version, and closes', async () => {
    stubFetch();
    renderApp('/');
    await userEvent.setup().click(within(await banner()).getByRole('button', { name: 'Tout accepter' }));
    expect(queryBanner()).toBeNull();
    expect(storedConsent()).toEqual(dated(true, true));
    // Focus is not lost with the banner.
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('« Tout refuser » stores neither purpose, and closes', async () => {
    stubFetch();
    renderApp('/about-us');
    await userEvent.setup().click(within(await banner()).getByRole('button', { name: 'Tout refuser' }));
    expect(queryBanner()).toBeNull();
    expect(storedConsent()).toEqual(dated(false, false));
  });

  it('« Personnaliser » chooses per purpose, nothing ticked in advance', async () => {
    stubFetch();
    renderApp('/');
    const user = userEvent.setup();
    const region = await banner();
    const customise = within(region).getByRole('button', { name: 'Personnaliser' });
    expect(customise.getAttribute('aria-expanded')).toBe('false');
    await user.click(customise);
    expect(customise.getAttribute('aria-expanded')).toBe('true');
    const purposes = await within(region).findByRole('group', { name: 'Choisir par finalité' });
    const analytics = within(purposes).getByRole<HTMLInputElement>('checkbox', { name: 'Mesure d’audience' });
    const advertising = within(purposes).getByRole<HTMLInputElement>('checkbox', { name: 'Publicité' });
    expect([analytics.checked, advertising.checked]).toEqual([false, false]);
    await waitFor(() => expect(document.activeElement).toBe(analytics));
    await user.click(analytics);
    await user.click(within(region).getByRole('button', { name: 'Enregistrer mes choix' }));
    expect(queryBanner()).toBeNull();
    expect(storedConsent()).toEqual(dated(true, false));
  });

  it('stays closed once chosen; « Gérer les cookies » in the footer reopens it with the choice, Escape closes it', async () => {
    givenConsent({ analytics: false, advertising: true });
    stubFetch();
    renderApp('/');
    const user = userEvent.setup();
    const footerButton = await screen.findByRole('button', { name: 'Gérer les cookies' });
    expect(queryBanner()).toBeNull();

    await user.click(footerButton);
    const region = await banner();
    expect(document.activeElement).toBe(region);
    await user.click(within(region).getByRole('button', { name: 'Personnaliser' }));
    expect(await within(region).findByRole('checkbox', { name: 'Publicité' })).toHaveProperty('checked', true);
    expect(within(region).getByRole('checkbox', { name: 'Mesure d’audience' })).toHaveProperty('checked', false);
    await user.keyboard('{Escape}');
    expect(queryBanner()).toBeNull();
    expect(document.activeElement).toBe(footerButton);
    expect(storedConsent()).toMatchObject({ analytics: false, advertising: true, date: '2026-11-20T10:00:00.000Z' });

    // Changed: a new date, and focus back on the footer's button.
    await user.click(footerButton);
    await user.click(within(await banner()).getByRole('button', { name: 'Tout refuser' }));
    expect(queryBanner()).toBeNull();
    expect(storedConsent()).toEqual(dated(false, false));
    expect(storedConsent()).not.toMatchObject({ date: '2026-11-20T10:00:00.000Z' });
    expect(document.activeElement).toBe(footerButton);
  });

  it('is asked again when the stored choice was made for another version', async () => {
    givenConsent({ analytics: true, advertising: true }, 0);
    stubFetch();
    renderApp('/');
    expect(await banner()).toBeTruthy();
  });

  it('speaks English, and is reachable from the areas’ footer too', async () => {
    givenConsent({ analytics: false, advertising: false });
    stubFetch({ 'GET /api/client/session': () => json(sessionFor('client')) });
    renderApp('/client/dashboard');
    await changeLanguage('en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cookie settings' }));
    const region = await screen.findByRole('region', { name: 'Your cookie choices' });
    expect(within(region).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Accept all',
      'Reject all',
      'Customise',
    ]);
    await user.click(within(region).getByRole('button', { name: 'Accept all' }));
    expect(storedConsent()).toEqual(dated(true, true));
  });
});
