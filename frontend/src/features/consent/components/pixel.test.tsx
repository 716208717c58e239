import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { resetPixel, trackCustomEvent } from '@/lib/pixel';
import { givenConsent } from '@/testing/consent';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const PIXEL = { script_url: 'https://pixel.example/fbevents.js', id: 'px-123' };
const withPixel = (pixel: typeof PIXEL | null = PIXEL) => ({
  'GET /api/public/web-settings': () => json({ web_title: 'Equilibre', pixel }),
});
const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[src]')];
const queue = () => window.fbq?.queue.map((call) => [...call]);
/** Lets the settings arrive and the lazy pixel load. */
const settle = async () => {
  await screen.findByRole('heading', { level: 1 });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
};

describe('advertising pixel', () => {
  it('is not loaded before the visitor chooses, even when configured', async () => {
    const fetch = stubFetch(withPixel());
    renderApp('/');
    await screen.findByRole('region', { name: 'Vos choix de cookies' });
    await settle();
    expect(scripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
    expect(fetch.requests.every((request) => request.url.origin === 'http://localhost')).toBe(true);
  });

  it('is not loaded after a refusal, nor with only audience measurement accepted', async () => {
    stubFetch(withPixel());
    renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Tout refuser' }));
    await settle();
    expect(scripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
    cleanup();

    givenConsent({ analytics: true, advertising: false });
    stubFetch(withPixel());
    renderApp('/about-us');
    await settle();
    expect(scripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
  });

  it('is not loaded with consent when none is configured', async () => {
    givenConsent({ analytics: true, advertising: true });
    stubFetch(withPixel(null));
    renderApp('/');
    await settle();
    expect(scripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
  });

  it('after consent: the snippet’s queue, the script async, init then PageView; a PageView per navigation only', async () => {
    stubFetch(withPixel());
    const { router } = renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Tout accepter' }));
    await waitFor(() => expect(scripts()).toHaveLength(1));
    const [script] = scripts();
    expect(script.src).toBe(PIXEL.script_url);
    expect(script.async).toBe(true);
    expect([window.fbq?.loaded, window.fbq?.version]).toEqual([true, '2.0']);
    expect(queue()).toEqual([
      ['init', 'px-123'],
      ['track', 'PageView'],
    ]);

    await act(() => router.navigate('/about-us'));
    await screen.findByRole('heading', { level: 1, name: 'À propos d’Equilibre' });
    await waitFor(() => expect(queue()).toHaveLength(3));
    expect(queue()?.[2]).toEqual(['track', 'PageView']);

    // Re-renders (a language switch) are not page views.
    await act(() => changeLanguage('en'));
    await screen.findByRole('heading', { level: 1, name: 'About Equilibre' });
    expect(queue()).toHaveLength(3);
    expect(scripts()).toHaveLength(1);
  });

  it('withdrawn from « Gérer les cookies »: no further call, and after a reload nothing is loaded', async () => {
    givenConsent({ analytics: false, advertising: true });
    stubFetch(withPixel());
    const { router } = renderApp('/');
    await waitFor(() => expect(queue()).toEqual([['init', 'px-123'], ['track', 'PageView']]));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Gérer les cookies' }));
    const region = await screen.findByRole('region', { name: 'Vos choix de cookies' });
    await user.click(within(region).getByRole('button', { name: 'Tout refuser' }));
    // The loaded script is told to stop sending (Meta's `consent revoke`), then never called again.
    await waitFor(() => expect(queue()?.at(-1)).toEqual(['consent', 'revoke']));
    const calls = queue()?.length;
    await act(() => router.navigate('/about-us'));
    await screen.findByRole('heading', { level: 1, name: 'À propos d’Equilibre' });
    trackCustomEvent('Booked', { value: 1 });
    expect(queue()).toHaveLength(calls!);

    // A reload: a fresh page with the refusal stored.
    cleanup();
    resetPixel();
    stubFetch(withPixel());
    renderApp('/');
    await settle();
    expect(scripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
  });
});

describe('trackCustomEvent', () => {
  it('warns and does nothing when the parameters are not a plain object', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    givenConsent({ analytics: false, advertising: true });
    stubFetch(withPixel());
    renderApp('/');
    await waitFor(() => expect(queue()).toHaveLength(2));
    for (const params of [null, 'value', 42, ['a'], new Date()]) {
      trackCustomEvent('Booked', params as unknown as Record<string, unknown>);
    }
    expect(warn.mock.calls).toEqual(Array.from({ length: 5 }, () => ['Event parameters must be an object']));
    expect(queue()).toHaveLength(2);

    trackCustomEvent('Booked', { value: 60.5, currency: 'EUR' });
    expect(queue()?.at(-1)).toEqual(['trackCustom', 'Booked', { value: 60.5, currency: 'EUR' }]);
    expect(warn).toHaveBeenCalledTimes(5);
  });

  it('calls nothing while the pixel is not active', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fbq = Object.assign(vi.fn(), { queue: [] }) as unknown as NonNullable<typeof window.fbq>;
    window.fbq = fbq;
    trackCustomEvent('Booked', { value: 1 });
    expect(fbq).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
