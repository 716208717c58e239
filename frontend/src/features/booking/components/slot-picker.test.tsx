import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setRoleStatus } from '@/lib/persisted-state';
import { STORAGE_KEYS } from '@/lib/storage';
import { directoryReferenceHandlers, expertCard } from '@/testing/experts';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const detail = {
  ...expertCard('e1'),
  years_of_experience: 3,
  bio: null,
  background: null,
  expertise: null,
  video_url: null,
  keywords: [],
  objectives: [],
  degrees: [],
  certificates: [],
};

const slot = (start: string, local: string) => ({
  start,
  end: start,
  local_start: local,
  local_end: local,
});

/** Three slots on two days, in Montreal time (UTC−5 in winter). */
const slots = {
  timezone: 'America/Montreal',
  duration_minutes: 50,
  slots: [
    slot('2030-03-04T14:00:00Z', '2030-03-04T09:00:00-05:00'),
    slot('2030-03-04T15:00:00Z', '2030-03-04T10:00:00-05:00'),
    slot('2030-03-06T20:30:00Z', '2030-03-06T15:30:00-05:00'),
  ],
};

const handlers = {
  ...directoryReferenceHandlers,
  'GET /api/public/experts/e1': () => json(detail),
  'GET /api/public/experts/e1/slots': () => json(slots),
};

describe('slot picker on the expert page', () => {
  it('shows four weeks of slots by day in the visitor’s browser zone, named; a visitor signs in then books', async () => {
    const fetch = stubFetch(handlers);
    const { router } = renderApp('/our-experts/details/e1');
    const picker = (await screen.findByRole('heading', { level: 2, name: 'Choisir un créneau' })).closest('section')!;
    await waitFor(() => expect(fetch.calls('GET', '/api/public/experts/e1/slots')).toHaveLength(1));
    const request = fetch.calls('GET', '/api/public/experts/e1/slots')[0];
    expect(request.url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(request.url.searchParams.get('days')).toBe('28');
    expect(request.url.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await within(picker).findByText(/America\/Montreal/)).toBeTruthy();
    const days = within(picker).getAllByRole('button', { pressed: false }).concat(within(picker).getAllByRole('button', { pressed: true }));
    expect(days).toHaveLength(2);
    expect(within(picker).getByRole('heading', { level: 3 }).textContent).toBe('lundi 4 mars 2030');
    expect(within(picker).getByRole('link', { name: 'Choisir le lundi 4 mars 2030 à 09:00' })).toBeTruthy();
    expect(within(picker).getByRole('link', { name: 'Choisir le lundi 4 mars 2030 à 10:00' })).toBeTruthy();

    const u = userEvent.setup({ delay: null });
    await u.click(within(picker).getByRole('button', { name: 'mer. 6 mars' }));
    expect(within(picker).getByRole('heading', { level: 3 }).textContent).toBe('mercredi 6 mars 2030');
    const link = within(picker).getByRole('link', { name: 'Choisir le mercredi 6 mars 2030 à 15:30' });
    const token = `e1_${Date.parse('2030-03-06T20:30:00Z') / 1000}`;
    expect(link.getAttribute('href')).toBe(`/booking/${token}`);
    await u.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/client/sign-in'));
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBe(`/booking/${token}`);
  });

  it('lets the server use a signed-in client’s account zone', async () => {
    setRoleStatus('client', true);
    const fetch = stubFetch({
      ...handlers,
      'GET /api/client/session': () => json(sessionFor('client')),
      'GET /api/client/favourites': () => json({ items: [] }),
    });
    renderApp('/our-experts/details/e1');
    expect(await screen.findByText(/America\/Montreal/)).toBeTruthy();
    expect(fetch.calls('GET', '/api/public/experts/e1/slots')[0].url.searchParams.has('tz')).toBe(false);
  });

  it('says when there is no free slot', async () => {
    stubFetch({ ...handlers, 'GET /api/public/experts/e1/slots': () => json({ ...slots, slots: [] }) });
    renderApp('/our-experts/details/e1');
    expect(await screen.findByText('Aucun créneau libre dans les 28 prochains jours.')).toBeTruthy();
  });
});
