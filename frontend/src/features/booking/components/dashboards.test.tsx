import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setRoleStatus } from '@/lib/persisted-state';
import { expertCard } from '@/testing/experts';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { bookingRow, heldRow, TOKEN } from '../testing/booking-fixtures';

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

describe('dashboards', () => {
  it('consultant: next appointment, today, this week, total clients and recent notes, with reschedule and add note', async () => {
    setRoleStatus('consultant', true);
    const next = bookingRow({ id: 'n', start: hours(30), end: hours(31), client: { id: 'c1', name: 'Léa Petit' } });
    stubFetch({
      'GET /api/consultant/session': () => json(sessionFor('consultant')),
      'GET /api/consultant/profile': () => json({}),
      'GET /api/consultant/dashboard': () =>
        json({
          next_appointment: next,
          today: [],
          this_week: [next, bookingRow({ id: 'w2', start: hours(50), end: hours(51), client: { id: 'c2', name: 'Hugo Blanc' } })],
          total_clients: 17,
          recent_notes: [{ id: 'no1', booking_id: 'old', client: { id: 'c1', name: 'Léa Petit' }, text: 'Revoir dans un mois.', at: hours(-20) }],
        }),
    });
    renderApp('/consultant/dashboard');
    const nextCard = (await screen.findByRole('heading', { level: 2, name: 'Prochain rendez-vous' })).closest('section')!;
    expect(within(nextCard).getByRole('heading', { name: 'Léa Petit' })).toBeTruthy();
    expect(within(nextCard).getByRole('button', { name: 'Déplacer' })).toBeTruthy();
    expect(within(nextCard).getByRole('link', { name: 'Ajouter une note' }).getAttribute('href')).toBe(
      '/consultant/my-booking/add-note/n/c1',
    );
    expect(screen.getByText('17')).toBeTruthy();
    expect(screen.getByText('Aucune consultation aujourd’hui.')).toBeTruthy();
    const week = screen.getByRole('heading', { level: 2, name: 'Cette semaine' }).closest('section')!;
    expect(within(week).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('Revoir dans un mois.')).toBeTruthy();
  });

  it('client: next session with the join button while the room is open, history and favourites', async () => {
    setRoleStatus('client', true);
    stubFetch({
      'GET /api/client/session': () => json(sessionFor('client')),
      'GET /api/client/dashboard': () =>
        json({
          next_session: bookingRow({ id: 'now', start: hours(0.1), end: hours(1), room: { id: 'now', opens_at: hours(-0.1), closes_at: hours(1.5), open: true } }),
          history: [bookingRow({ id: 'old', status: 'completed', start: hours(-100), end: hours(-99) })],
          favourites: [expertCard('e1')],
        }),
    });
    renderApp('/client/dashboard');
    const next = (await screen.findByRole('heading', { level: 2, name: 'Prochaine séance' })).closest('section')!;
    expect(within(next).getByRole('link', { name: 'Rejoindre la salle' }).getAttribute('href')).toBe('/client/room/now');
    const history = screen.getByRole('heading', { level: 2, name: 'Historique' }).closest('section')!;
    expect(within(history).getByText('Terminée')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dr Inès Roux e1' }).getAttribute('href')).toBe('/our-experts/details/e1');
    // No unpaid hold: no card for it.
    expect(screen.queryByRole('heading', { level: 2, name: 'Paiement à finaliser' })).toBeNull();
  });

  it('client: an unpaid hold still open comes first, with its countdown and « Finaliser le paiement »', async () => {
    setRoleStatus('client', true);
    const fetch = stubFetch({
      'GET /api/client/session': () => json(sessionFor('client')),
      'GET /api/client/dashboard': () => json({ next_session: null, history: [], favourites: [] }),
      'GET /api/client/bookings': () =>
        json({ items: [heldRow(8), heldRow(-1, { id: 'lapsed' })], total: 2, page: 1, page_size: 20 }),
    });
    renderApp('/client/dashboard');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Paiement à finaliser' })).closest('section')!;
    expect(within(card).getAllByRole('article')).toHaveLength(1);
    expect(within(card).getByRole('timer').textContent).toMatch(/^[78]:\d\d$/);
    expect(within(card).getByRole('link', { name: 'Finaliser le paiement' }).getAttribute('href')).toBe(
      `/booking/${TOKEN}?booking=h1`,
    );
    expect(fetch.calls('GET', '/api/client/bookings')[0].url.searchParams.get('status')).toBe('held');
    expect(screen.getByText('Aucune séance à venir.')).toBeTruthy();
  });
});
