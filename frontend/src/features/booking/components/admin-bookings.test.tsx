import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { bookingRow, eur } from '../testing/booking-fixtures';

const admin = { 'GET /api/admin-panel/session': () => json(sessionFor('admin')) };

describe('admin all-booking', () => {
  it('filters by status, by a consultant picked in the table, by dates and text, and pages through hundreds', async () => {
    const fetch = stubFetch({
      ...admin,
      'GET /api/admin-panel/bookings': ({ url }) =>
        json({ items: [bookingRow({ id: `b${url.searchParams.get('page') ?? 1}` })], total: 340, page: Number(url.searchParams.get('page') ?? 1), page_size: 20 }),
    });
    renderApp('/admin/all-booking');
    expect(await screen.findByText('340 réservations')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: /Menu/ });
    expect(within(menu).getByRole('link', { name: 'Toutes les réservations' }).getAttribute('href')).toBe('/admin/all-booking');
    const u = userEvent.setup({ delay: null });
    const lastQuery = () => fetch.calls('GET', '/api/admin-panel/bookings').at(-1)!.url.searchParams;
    await u.selectOptions(screen.getByLabelText('Statut'), 'Confirmée');
    await waitFor(() => expect(lastQuery().get('status')).toBe('confirmed'));
    await u.click(await screen.findByRole('button', { name: 'Filtrer par Inès Roux' }));
    await waitFor(() => expect(lastQuery().get('consultant_id')).toBeTruthy());
    await u.type(screen.getByLabelText('Du'), '2030-03-01');
    await u.type(screen.getByLabelText('Au'), '2030-03-31');
    await u.type(screen.getByLabelText(/Rechercher/), 'Martin');
    await u.click(screen.getByRole('button', { name: 'Filtrer' }));
    await waitFor(() => expect(lastQuery().get('q')).toBe('Martin'));
    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => {
      expect(Object.fromEntries(lastQuery())).toEqual({
        page: '2',
        status: 'confirmed',
        consultant_id: '0190a0a0-0000-7000-8000-0000000000c1',
        from: '2030-03-01',
        to: '2030-04-01',
        q: 'Martin',
      });
    });
    expect(screen.getByRole('button', { name: 'Expert : Inès Roux ✕' })).toBeTruthy();
  });

  it('shows a booking with its whole event history and the notes', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin-panel/bookings/b1': () =>
        json({
          ...bookingRow({ status: 'cancelled', refund: eur(6000), cancelled_by: 'client' }),
          history: [
            { at: '2030-02-01T10:00:00Z', type: 'BookingHeld', actor_role: 'client', actor_id: 'cl1', actor_name: 'Camille Martin' },
            { at: '2030-02-01T10:02:00Z', type: 'BookingConfirmed', actor_role: 'client', actor_id: 'cl1', actor_name: 'Camille Martin' },
            { at: '2030-02-02T08:00:00Z', type: 'BookingCancelled', actor_role: 'client', actor_id: 'cl1', actor_name: 'Camille Martin' },
          ],
          notes: [{ id: 'n1', booking_id: 'b1', client: null, text: 'Appel préparatoire.', at: '2030-02-01T11:00:00Z' }],
        }),
    });
    renderApp('/admin/all-booking/b1');
    const history = (await screen.findByRole('heading', { name: 'Historique' })).closest('section')!;
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0].textContent).toMatch(/Créneau réservé, en attente de paiement.*par Camille Martin \(client\)/);
    expect(items[2].textContent).toMatch(/Réservation annulée/);
    expect(screen.getAllByText(/^60,00\s€$/, { selector: 'dd' })).toHaveLength(3);
    expect(screen.getByText('client', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('Appel préparatoire.')).toBeTruthy();
  });
});
