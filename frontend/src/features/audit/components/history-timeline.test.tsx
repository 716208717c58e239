import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { HistoryTimeline } from './history-timeline';

const admin = { 'GET /api/admin-panel/session': () => json(sessionFor('admin')) };

const renderTrail = (kind: 'complaint' | 'booking' | 'consultant' | 'client', id: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <HistoryTimeline kind={kind} id={id} />
    </QueryClientProvider>,
  );

const trail = (title = 'Journal d’audit') => screen.findByRole('heading', { name: title }).then((h) => h.closest('section')!);

describe('audit trail', () => {
  it('tells each step of a complaint: what, when, who with their role, and which fields', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin-panel/history/complaint/c1': () =>
        json({
          items: [
            {
              at: '2030-03-05T10:00:00Z',
              event_type: 'ComplaintFiled',
              actor: { id: 'cl1', name: 'Camille Martin', role: 'client' },
              changes: ['author_role', 'desired_outcome', 'text', 'attachments'],
            },
            { at: '2030-03-06T09:00:00Z', event_type: 'ComplaintReviewStarted', actor: { id: 'a1', name: 'Alex Admin', role: 'admin' }, changes: [] },
            { at: '2030-03-06T09:30:00Z', event_type: 'InformationRequested', actor: { id: 'a1', name: null, role: 'admin' }, changes: ['party', 'text'] },
            { at: '2030-03-07T09:00:00Z', event_type: 'SomethingNewHappened', actor: null, changes: ['brand_new_field'] },
            { at: '2030-03-08T09:00:00Z', event_type: 'StatementSubmitted', actor: { id: 'c2', name: '[erased]', role: 'consultant' }, changes: ['text'] },
          ],
        }),
    });
    renderTrail('complaint', 'c1');
    const section = await trail();
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0].textContent).toMatch(/^Réclamation déposée.*par Camille Martin \(client\)Champs concernés : rôle de l’auteur, résultat souhaité, texte, pièces jointes$/);
    expect(within(items[0]).getByText((_, el) => el?.tagName === 'TIME').getAttribute('dateTime')).toBe('2030-03-05T10:00:00Z');
    expect(items[1].textContent).toMatch(/^Examen de la réclamation commencé.*par Alex Admin \(administrateur\)$/);
    expect(items[2].textContent).toMatch(/Informations demandées à une partie.*par un administrateur.*Champs concernés : partie, texte/);
    expect(items[3].textContent).toMatch(/^something new happened.*par la plateforme.*Champs concernés : brand new field$/);
    expect(items[4].textContent).toMatch(/par \[données effacées\] \(expert\)/);
  });

  it('follows the admin booking detail, beside its own history, and in English', async () => {
    const fetch = stubFetch({
      ...admin,
      'GET /api/admin-panel/bookings/b1': () =>
        json({
          id: 'b1', status: 'confirmed', consultant: { id: 'co1', name: 'Inès Roux' }, client: { id: 'cl1', name: 'Camille Martin' },
          start: '2030-03-04T09:00:00Z', end: '2030-03-04T09:50:00Z', duration_minutes: 50,
          price: { amount_minor: 6000, currency: 'EUR' }, discount: { amount_minor: 0, currency: 'EUR' }, total: { amount_minor: 6000, currency: 'EUR' },
          free: false, coupon_code: null, card: null, refund: null, cancelled_by: null, hold_expires_at: null, room: null,
          created_at: '2030-02-01T10:00:00Z', history: [], notes: [],
        }),
      'GET /api/admin-panel/history/booking/b1': () =>
        json({
          items: [
            { at: '2030-02-01T10:00:00Z', event_type: 'BookingHeld', actor: { id: 'cl1', name: 'Camille Martin', role: 'client' }, changes: ['start', 'price'] },
            { at: '2030-02-01T10:02:00Z', event_type: 'BookingConfirmed', actor: { id: 'pp', name: null, role: 'payment_provider' }, changes: ['payment'] },
          ],
        }),
    });
    await changeLanguage('en');
    renderApp('/admin/all-booking/b1');
    const section = await trail('Audit trail');
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    const items = within(section).getAllByRole('listitem');
    expect(items[0].textContent).toMatch(/^Slot held, awaiting payment.*by Camille Martin \(client\)Fields: start, price$/);
    expect(items[1].textContent).toMatch(/^Booking confirmed.*by a payment provider.*Fields: payment$/);
    expect(fetch.calls('GET', '/api/admin-panel/history/booking/b1')).toHaveLength(1);
  });

  it('shows nothing for an entity the trail does not know', async () => {
    const fetch = stubFetch({ ...admin, 'GET /api/admin-panel/history/consultant/zz': () => apiError(404, 'not_found', 'Introuvable.') });
    const { container } = renderTrail('consultant', 'zz');
    await waitFor(() => expect(fetch.calls('GET', '/api/admin-panel/history/consultant/zz')).toHaveLength(1));
    await waitFor(() => expect(container.textContent).toBe(''));
  });

  it('follows the admin client profile, after the links to the client’s bookings and complaints', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin-panel/clients/cl1': () =>
        json({ id: 'cl1', email: 'camille@example.org', registered_at: '2030-01-01T10:00:00Z', language: 'fr', timezone: 'Europe/Paris', profile: null }),
      'GET /api/admin-panel/history/client/cl1': () =>
        json({ items: [{ at: '2030-01-01T10:00:00Z', event_type: 'HealthAssessmentSaved', actor: { id: 'cl1', name: 'Camille Martin', role: 'client' }, changes: ['answers', 'share_with_experts'] }] }),
    });
    renderApp('/admin/client/client-profile/cl1');
    const section = await trail();
    expect((await within(section).findByRole('listitem')).textContent).toMatch(
      /^Bilan de santé enregistré.*par Camille Martin \(client\)Champs concernés : réponses, partage avec les experts$/,
    );
    const links = screen.getByRole('heading', { name: 'Réservations et réclamations' }).closest('section')!;
    expect(within(links).getByRole('link', { name: 'Toutes les réservations de camille@example.org' }).getAttribute('href')).toBe(
      '/admin/all-booking?client_id=cl1&client=camille%40example.org',
    );
    expect(
      within(links).getByRole('link', { name: 'Réclamations d’experts concernant camille@example.org' }).getAttribute('href'),
    ).toBe('/admin/view-complaint-consultant?party_id=cl1&party=camille%40example.org');
  });
});
