import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setRoleStatus } from '@/lib/persisted-state';
import { json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { policies } from '@/testing/policies';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { bookingRow, CONSULTANT, eur, heldRow, quote, sandboxProvider, TOKEN } from '../testing/booking-fixtures';

const user = () => userEvent.setup({ delay: null });
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const page = (items: unknown[]) => json({ items, total: items.length, page: 1, page_size: 20 });

const as = (role: 'client' | 'consultant', handlers: Record<string, StubHandler>) => {
  setRoleStatus(role, true);
  return stubFetch({ [`GET /api/${role}/session`]: () => json(sessionFor(role)), ...handlers });
};

describe('client my-booking', () => {
  it('lists upcoming and past bookings; cancelling 24 h ahead says the full refund first', async () => {
    const far = bookingRow({ id: 'far', start: hours(72), end: hours(73) });
    const past = bookingRow({ id: 'old', status: 'completed', start: hours(-72), end: hours(-71) });
    const fetch = as('client', {
      'GET /api/client/bookings': () => page([past, far]),
      'POST /api/client/bookings/far/cancel': () => json({ ...far, status: 'cancelled', refund: eur(6000) }),
    });
    renderApp('/client/my-booking');
    const upcoming = (await screen.findByRole('heading', { level: 2, name: 'À venir' })).closest('section')!;
    const pastSection = screen.getByRole('heading', { level: 2, name: 'Passées' }).closest('section')!;
    expect(within(upcoming).getAllByRole('article')).toHaveLength(1);
    expect(within(pastSection).getByText('Terminée')).toBeTruthy();
    expect(within(pastSection).queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Menu Espace client' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Menu Espace client' })).getByRole('link', { name: 'Mes réservations' })).toBeTruthy();

    const u = user();
    await u.click(within(upcoming).getByRole('button', { name: 'Annuler' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler la réservation' });
    expect(await within(dialog).findByText(/Vous serez remboursé intégralement : 60,00\s€\./)).toBeTruthy();
    expect(within(dialog).getByText(/Annulation 24 heures ou plus avant le début/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    expect(await screen.findByText(/Réservation annulée\. Remboursement : 60,00\s€\./)).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings/far/cancel')).toHaveLength(1);
    await waitFor(() => expect(fetch.calls('GET', '/api/client/bookings').length).toBeGreaterThan(1));
  });

  it('shows the hours in the account\'s zone, the one its mails use, not the browser\'s', async () => {
    const at = '2026-12-01T14:00:00Z';
    setRoleStatus('client', true);
    stubFetch({
      'GET /api/client/session': () => json({ ...sessionFor('client'), timezone: 'America/Montreal' }),
      'GET /api/client/bookings': () => page([bookingRow({ id: 'far', start: at, end: '2026-12-01T15:00:00Z' })]),
    });
    renderApp('/client/my-booking');
    expect(await screen.findByText(/Heures affichées dans votre fuseau horaire : America\/Montreal/)).toBeTruthy();
    const item = await screen.findByRole('article');
    expect(item.textContent).toMatch(/09:00/);
    expect(item.textContent).not.toMatch(/14:00/);
  });

  it('says there is no refund less than 24 h before the start', async () => {
    const soon = bookingRow({ id: 'soon', start: hours(5), end: hours(6) });
    as('client', { 'GET /api/client/bookings': () => page([soon]) });
    renderApp('/client/my-booking');
    await user().click(await screen.findByRole('button', { name: 'Annuler' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler la réservation' });
    expect(await within(dialog).findByText('Le début est dans moins de 24 heures : aucun remboursement.')).toBeTruthy();
    expect(within(dialog).queryByText(/remboursé intégralement/)).toBeNull();
  });

  it('states the refund window the server sets, not a copy of its own', async () => {
    const in30h = bookingRow({ id: 'in30h', start: hours(30), end: hours(31) });
    as('client', {
      'GET /api/client/bookings': () => page([in30h]),
      'GET /api/public/policies': () => json({ ...policies, refund_window_hours: 48 }),
    });
    renderApp('/client/my-booking');
    await user().click(await screen.findByRole('button', { name: 'Annuler' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler la réservation' });
    expect(await within(dialog).findByText('Le début est dans moins de 48 heures : aucun remboursement.')).toBeTruthy();
    expect(within(dialog).getByText(/Annulation 48 heures ou plus avant le début/)).toBeTruthy();
  });

  it('shows the join button only while the room is open', async () => {
    const now = bookingRow({
      id: 'now',
      start: hours(0.1),
      end: hours(1),
      room: { id: 'now', opens_at: hours(-0.1), closes_at: hours(1.5) },
    });
    const later = bookingRow({ id: 'later', start: hours(48), end: hours(49), room: { id: 'later', opens_at: hours(47.8), closes_at: hours(49.5) } });
    as('client', { 'GET /api/client/bookings': () => page([now, later]) });
    renderApp('/client/my-booking');
    const join = await screen.findAllByRole('link', { name: 'Rejoindre la salle' });
    expect(join).toHaveLength(1);
    expect(join[0].getAttribute('href')).toBe('/client/room/now');
  });

  it('reschedules to a slot picked from the same picker', async () => {
    const far = bookingRow({ id: 'far', start: hours(72), end: hours(73) });
    const fetch = as('client', {
      'GET /api/client/bookings': () => page([far]),
      [`GET /api/public/experts/${CONSULTANT}/slots`]: () =>
        json({
          timezone: 'Europe/Paris',
          duration_minutes: 50,
          slots: [{ start: '2030-03-05T09:00:00Z', end: '2030-03-05T09:50:00Z', local_start: '2030-03-05T10:00:00+01:00', local_end: '2030-03-05T10:50:00+01:00' }],
        }),
      'POST /api/client/bookings/far/reschedule': () => json({ ...far, start: '2030-03-05T09:00:00Z' }),
    });
    renderApp('/client/my-booking');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Déplacer' }));
    const dialog = screen.getByRole('dialog', { name: 'Déplacer la réservation' });
    await u.click(await within(dialog).findByRole('button', { name: 'Choisir le mardi 5 mars 2030 à 10:00' }));
    expect(fetch.calls('POST', '/api/client/bookings/far/reschedule')[0].body).toEqual({ start: '2030-03-05T09:00:00Z' });
    expect(await screen.findByText(/Réservation déplacée au mardi 5 mars 2030 à 10:00\./)).toBeTruthy();
  });
});

describe('client my-booking: unpaid holds', () => {
  it('shows a hold still open with its countdown and « Finaliser le paiement », which resumes its payment', async () => {
    const hold = heldRow(10, { discount: eur(600), total: eur(5400), coupon_code: 'HIVER10' });
    const fetch = as('client', {
      'GET /api/client/bookings': () => page([hold]),
      'GET /api/client/bookings/h1': () => json(hold),
      // The server counts the client's own hold against the slot.
      'GET /api/client/booking-quote': () => json(quote({ slot_free: false })),
      ...sandboxProvider({ bookingId: 'h1', amountMinor: 5400 }).handlers,
      'POST /api/client/bookings/h1/pay': () =>
        json({ ...hold, status: 'confirmed', hold_expires_at: null, card: { brand: 'visa', last4: '4242' } }),
    });
    const { router } = renderApp('/client/my-booking');
    const upcoming = (await screen.findByRole('heading', { level: 2, name: 'À venir' })).closest('section')!;
    const item = within(upcoming).getByRole('article');
    expect(within(item).getByText('En attente de paiement')).toBeTruthy();
    expect(within(item).getByText(/Ce créneau vous est réservé encore/)).toBeTruthy();
    expect(within(item).getByRole('timer').textContent).toMatch(/^(9|10):\d\d$/);
    expect(within(item).getByRole('timer').getAttribute('aria-label')).toBe('environ 10 minutes');
    const action = within(item).getByRole('link', { name: 'Finaliser le paiement' });
    expect(action.getAttribute('href')).toBe(`/booking/${TOKEN}?booking=h1`);
    // Cancelling is offered too (the server releases an unpaid hold).
    expect(within(item).getByRole('button', { name: 'Annuler' })).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Déplacer' })).toBeNull();

    const u = user();
    await u.click(action);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/booking/${TOKEN}`));
    expect(router.state.location.search).toBe('?booking=h1');
    expect(
      await screen.findByText('Vous avez déjà réservé ce créneau : finalisez le paiement avant la fin du délai.'),
    ).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^(9|10):\d\d$/);
    // What was held (with its coupon), not the quote's full price.
    expect(screen.getByTestId('quote-total').textContent).toMatch(/^54,00\s€$/);
    expect(screen.queryByText(/ce créneau n’est plus disponible/i)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Réserver maintenant' })).toBeNull();
    await u.type(await screen.findByLabelText(/Numéro de carte/), '4242 4242 4242 4242');
    await u.type(screen.getByLabelText(/Date d’expiration/), '12/34');
    await u.type(screen.getByLabelText(/Cryptogramme/), '123');
    await u.click(screen.getByRole('button', { name: /Payer 54,00/ }));
    expect(await screen.findByRole('heading', { name: 'Réservation confirmée' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings/h1/payment')).toHaveLength(1);
    expect(fetch.calls('POST', '/api/client/bookings/h1/pay')[0].body).toEqual({ payment_intent: 'pi_sandbox_1' });
    expect(fetch.calls('POST', '/api/client/bookings')).toEqual([]);
    expect(fetch.calls('GET', '/api/client/bookings/h1').length).toBeGreaterThan(0);
    expect(screen.getByText('Visa se terminant par 4242')).toBeTruthy();
  });

  it('cancels an open hold without any refund rule: nothing was paid', async () => {
    const hold = heldRow(10);
    const fetch = as('client', {
      'GET /api/client/bookings': () => page([hold]),
      'POST /api/client/bookings/h1/cancel': () => json({ ...hold, status: 'cancelled', refund: eur(0), cancelled_by: 'client' }),
    });
    renderApp('/client/my-booking');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Annuler' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler la réservation' });
    expect(
      within(dialog).getByText('Rien n’a encore été payé : aucun montant ne sera débité et le créneau sera libéré.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/Annulation 24 heures ou plus avant le début/)).toBeNull();
    expect(within(dialog).queryByText(/remboursé/)).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    expect(await screen.findByText('Réservation annulée.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings/h1/cancel')).toHaveLength(1);
  });

  it('shows a lapsed hold as expired, with no action, before the server marks it', async () => {
    as('client', { 'GET /api/client/bookings': () => page([heldRow(-1)]) });
    renderApp('/client/my-booking');
    const past = (await screen.findByRole('heading', { level: 2, name: 'Passées' })).closest('section')!;
    const item = within(past).getByRole('article');
    expect(within(item).getByText('Expirée')).toBeTruthy();
    expect(within(item).getByText('Délai de paiement dépassé : le créneau a été libéré.')).toBeTruthy();
    expect(within(item).queryByRole('link', { name: 'Finaliser le paiement' })).toBeNull();
    expect(within(item).queryByRole('button')).toBeNull();
    expect(within(item).queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'À venir' })).toBeNull();
  });

  it('takes the action away when the hold lapses on screen', async () => {
    as('client', { 'GET /api/client/bookings': () => page([heldRow(1.2 / 60)]) });
    renderApp('/client/my-booking');
    const item = await screen.findByRole('article');
    expect(within(item).getByRole('link', { name: 'Finaliser le paiement' })).toBeTruthy();
    await waitFor(() => expect(within(item).queryByRole('link', { name: 'Finaliser le paiement' })).toBeNull(), {
      timeout: 4000,
    });
    expect(within(item).getByText('Expirée')).toBeTruthy();
    expect(within(item).queryByRole('timer')).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Annuler' })).toBeNull();
  });
});

describe('consultant my-booking', () => {
  it('cancels with a full refund to the client, marks a no-show after the end and links to notes', async () => {
    const soon = bookingRow({ id: 'soon', start: hours(5), end: hours(6) });
    const over = bookingRow({ id: 'over', start: hours(-3), end: hours(-2), client: { id: 'cl9', name: 'Léa Petit' } });
    const fetch = as('consultant', {
      'GET /api/consultant/bookings': () => page([soon, over]),
      'POST /api/consultant/bookings/over/no-show': () => json({ ...over, status: 'no_show' }),
    });
    renderApp('/consultant/my-booking');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Annuler' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler la réservation' });
    expect(within(dialog).getByText(/Le client sera remboursé intégralement : 60,00\s€\./)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Garder la réservation' }));
    const pastItem = screen.getByRole('article', { name: /^Léa Petit/ });
    expect(within(pastItem).getByRole('link', { name: 'Ajouter une note' }).getAttribute('href')).toBe(
      '/consultant/my-booking/add-note/over/cl9',
    );
    await u.click(within(pastItem).getByRole('button', { name: 'Marquer absent' }));
    expect(await screen.findByText('Léa Petit est marqué absent.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/consultant/bookings/over/no-show')).toHaveLength(1);
  });

  it('shows a forgotten client (`[erased]`) as « Ancien client » in the list and on the notes page', async () => {
    const old = bookingRow({ id: 'old', status: 'completed', start: hours(-72), end: hours(-71), client: { id: 'cl9', name: '[erased]' } });
    as('consultant', {
      'GET /api/consultant/bookings': () => page([old]),
      'GET /api/consultant/bookings/old': () => json(old),
      'GET /api/consultant/notes': () =>
        json({ items: [{ id: 'n1', booking_id: 'old', client: { id: 'cl9', name: '[erased]' }, text: '[erased]', at: '2030-01-01T10:00:00Z' }] }),
    });
    const { router } = renderApp('/consultant/my-booking');
    const item = await screen.findByRole('article', { name: /^Ancien client/ });
    expect(within(item).getByRole('heading', { name: 'Ancien client' })).toBeTruthy();
    expect(screen.queryByText(/\[erased\]/)).toBeNull();
    await router.navigate('/consultant/my-booking/add-note/old/cl9');
    expect(await screen.findByText(/^Séance avec Ancien client du /)).toBeTruthy();
    expect(await screen.findByText('Note effacée (les données du client ont été oubliées)')).toBeTruthy();
    expect(screen.queryByText(/\[erased\]/)).toBeNull();
  });

  it('filters by status through the server', async () => {
    const fetch = as('consultant', { 'GET /api/consultant/bookings': () => page([]) });
    renderApp('/consultant/my-booking');
    await u_select('Statut', 'Annulée');
    await waitFor(() =>
      expect(fetch.calls('GET', '/api/consultant/bookings').some((r) => r.url.searchParams.get('status') === 'cancelled')).toBe(true),
    );
    expect(await screen.findByText('Aucune réservation pour le moment.')).toBeTruthy();
  });

  it('adds a note after the meeting and lists the earlier ones', async () => {
    let notes = [{ id: 'n1', booking_id: 'old', client: { id: 'cl9', name: 'Léa Petit' }, text: 'Première séance.', at: '2030-01-01T10:00:00Z' }];
    const fetch = as('consultant', {
      'GET /api/consultant/bookings/over': () => json(bookingRow({ id: 'over', client: { id: 'cl9', name: 'Léa Petit' } })),
      'GET /api/consultant/notes': () => json({ items: notes }),
      'POST /api/consultant/notes': ({ body }) => {
        notes = [...notes, { id: 'n2', booking_id: 'over', client: { id: 'cl9', name: 'Léa Petit' }, text: (body as { text: string }).text, at: '2030-03-04T10:00:00Z' }];
        return json({ note_id: 'n2' }, { status: 201 });
      },
    });
    renderApp('/consultant/my-booking/add-note/over/cl9');
    expect(await screen.findByText('Première séance.')).toBeTruthy();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
    expect(fetch.calls('POST', '/api/consultant/notes')).toEqual([]);
    await u.type(screen.getByRole('textbox', { name: /Note/ }), 'Bon progrès sur le sommeil.');
    await u.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
    expect(await screen.findByText('Bon progrès sur le sommeil.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/consultant/notes')[0].body).toEqual({
      client_id: 'cl9',
      booking_id: 'over',
      text: 'Bon progrès sur le sommeil.',
    });
    expect(fetch.calls('GET', '/api/consultant/notes')[0].url.searchParams.get('client_id')).toBe('cl9');
  });
});

async function u_select(label: string, option: string) {
  await user().selectOptions(await screen.findByLabelText(label), option);
}
