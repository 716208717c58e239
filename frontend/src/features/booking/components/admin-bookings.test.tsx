import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { BookingDetail } from '../api/get-booking';
import { bookingRow, eur, heldRow } from '../testing/booking-fixtures';

const admin = { 'GET /api/admin-panel/session': () => json(sessionFor('admin')) };
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const user = () => userEvent.setup({ delay: null });

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
    expect(screen.queryByText('Motif indiqué')).toBeNull();
  });

  it('shows the reason typed on cancelling, or that it was erased with the client', async () => {
    let reason = 'Un imprévu familial.';
    stubFetch({
      ...admin,
      'GET /api/admin-panel/bookings/b1': () =>
        json({
          ...bookingRow({ status: 'cancelled', refund: eur(6000), cancelled_by: 'client' }),
          history: [],
          cancellation_reason: reason,
        }),
    });
    const { unmount } = renderApp('/admin/all-booking/b1');
    const label = await screen.findByText('Motif indiqué', { selector: 'dt' });
    expect(label.nextElementSibling?.textContent).toBe('Un imprévu familial.');
    unmount();

    reason = '[erased]';
    renderApp('/admin/all-booking/b1');
    expect(await screen.findByText('Effacé (les données du client ont été oubliées)', { selector: 'dd' })).toBeTruthy();
    expect(screen.queryByText('[erased]')).toBeNull();
  });
});

describe('admin booking detail: cancelling', () => {
  const confirmedHistory = [
    { at: '2030-02-01T10:00:00Z', type: 'BookingHeld', actor_role: 'client', actor_id: 'cl1', actor_name: 'Camille Martin' },
    { at: '2030-02-01T10:02:00Z', type: 'BookingConfirmed', actor_role: 'client', actor_id: 'cl1', actor_name: 'Camille Martin' },
  ];

  it('cancels a future confirmed booking with a full refund, then shows it cancelled with its history', async () => {
    let detail: BookingDetail = { ...bookingRow(), history: confirmedHistory, notes: [] };
    const fetch = stubFetch({
      ...admin,
      'GET /api/admin-panel/bookings/b1': () => json(detail),
      'POST /api/admin-panel/bookings/b1/cancel': () => {
        const cancelled = { status: 'cancelled', cancelled_by: 'admin', refund: eur(6000) } as const;
        detail = {
          ...detail,
          ...cancelled,
          history: [...confirmedHistory, { at: '2030-02-03T09:00:00Z', type: 'BookingCancelled', actor_role: 'admin', actor_id: 'a1', actor_name: 'Alex Admin' }],
        };
        // The command answer: the row without the parties' names.
        return json({ id: 'b1', start: detail.start, end: detail.end, total: detail.total, ...cancelled });
      },
    });
    renderApp('/admin/all-booking/b1');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Annuler la réservation' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler la réservation' });
    expect(within(dialog).getByText(/Annuler la consultation de Camille Martin avec Inès Roux du /)).toBeTruthy();
    expect(within(dialog).getByText(/^Le client sera remboursé intégralement : 60,00\s€\.$/)).toBeTruthy();
    expect(within(dialog).queryByText(/24 heures/)).toBeNull();
    await u.type(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Expert indisponible');
    await u.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));

    expect(await screen.findByText(/Réservation annulée\. Remboursement : 60,00\s€\./)).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/bookings/b1/cancel').map((r) => r.body)).toEqual([{ reason: 'Expert indisponible' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    const history = screen.getByRole('heading', { name: 'Historique' }).closest('section')!;
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(3));
    expect(within(history).getAllByRole('listitem')[2].textContent).toMatch(/Réservation annulée.*par Alex Admin \(administrateur\)/);
    const facts = screen.getByRole('heading', { level: 2, name: /Inès Roux/ }).closest('section')!;
    expect(within(facts).getByText('Annulée')).toBeTruthy();
    expect(within(facts).getByText('administrateur', { selector: 'dd' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annuler la réservation' })).toBeNull();
    expect(fetch.calls('GET', '/api/admin-panel/bookings/b1').length).toBeGreaterThan(1);
  });

  it('offers no cancellation for a cancelled booking', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin-panel/bookings/b1': () => json({ ...bookingRow({ status: 'cancelled', refund: eur(6000), cancelled_by: 'client' }), history: [] }),
    });
    renderApp('/admin/all-booking/b1');
    expect(await screen.findByRole('heading', { name: 'Historique' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annuler la réservation' })).toBeNull();
  });

  it('offers no cancellation once a confirmed booking has started', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin-panel/bookings/b1': () => json({ ...bookingRow({ start: hours(-0.5), end: hours(0.3) }), history: confirmedHistory }),
    });
    renderApp('/admin/all-booking/b1');
    expect(await screen.findByRole('heading', { name: 'Historique' })).toBeTruthy();
    expect(screen.getByText('Confirmée')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annuler la réservation' })).toBeNull();
  });

  it('says nothing was paid for an unpaid hold', async () => {
    const hold = heldRow(10);
    const fetch = stubFetch({
      ...admin,
      'GET /api/admin-panel/bookings/h1': () => json({ ...hold, history: [] }),
      'POST /api/admin-panel/bookings/h1/cancel': () => json({ id: 'h1', status: 'cancelled', cancelled_by: 'admin', refund: eur(0) }),
    });
    renderApp('/admin/all-booking/h1');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Annuler la réservation' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler la réservation' });
    expect(within(dialog).getByText('Rien n’a encore été payé : aucun montant ne sera débité et le créneau sera libéré.')).toBeTruthy();
    expect(within(dialog).queryByText(/rembours|24 heures/)).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    expect(await screen.findByText('Réservation annulée.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/bookings/h1/cancel')[0].body).toEqual({});
  });

  it('shows the server’s message when the booking can no longer be cancelled, and keeps the dialog open', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin-panel/bookings/b1': () => json({ ...bookingRow(), history: confirmedHistory }),
      'POST /api/admin-panel/bookings/b1/cancel': () =>
        apiError(409, 'booking_not_cancellable', 'Cette réservation ne peut plus être annulée.'),
    });
    renderApp('/admin/all-booking/b1');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Annuler la réservation' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler la réservation' });
    await u.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    expect(await screen.findByText('Cette réservation ne peut plus être annulée.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Annuler la réservation' })).toBeTruthy();
  });
});
