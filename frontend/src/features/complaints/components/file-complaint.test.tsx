import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { complaintDetail, fillComplaintForm, ownBooking, TYPE } from '../testing/complaint-fixtures';

const user = () => userEvent.setup({ delay: null });

const base = {
  'GET /api/client/session': () => json(sessionFor('client')),
  'GET /api/client/bookings': () =>
    json({
      items: [
        ownBooking(),
        ownBooking({ id: 'b2', status: 'held', consultant: { id: 'x', name: 'Léa Held' } }),
        ownBooking({ id: 'b3', status: 'expired', consultant: { id: 'y', name: 'Paul Expired' } }),
        ownBooking({ id: 'b4', status: 'cancelled', start: '2030-02-01T09:00:00Z', consultant: { id: 'z', name: 'Zoé Annule' } }),
      ],
      total: 4,
      page: 1,
      page_size: 100,
    }),
  'GET /api/public/reference/complaint-types': () =>
    json({ items: [{ id: TYPE, name_fr: 'Comportement', name_en: 'Behaviour', parent_id: null, code: null }] }),
};

const fill = fillComplaintForm;

describe('client add-complaint', () => {
  it('offers only confirmed-once bookings and the platform, and checks the fields before sending', async () => {
    const fetch = stubFetch(base);
    renderApp('/client/add-complaint');
    const booking = await screen.findByLabelText(/Réservation concernée/);
    await waitFor(() => expect(within(booking).getAllByRole('option')).toHaveLength(4));
    const options = within(booking).getAllByRole('option').map((o) => o.textContent);
    expect(options[1]).toBe('La plateforme (aucune réservation)');
    expect(options[2]).toMatch(/Inès Roux \(terminée\)$/);
    expect(options[3]).toMatch(/Zoé Annule \(annulée\)$/);
    expect(options.join()).not.toMatch(/Léa Held|Paul Expired/);
    const menu = screen.getByRole('navigation', { name: /Menu/ });
    expect(within(menu).getByRole('link', { name: 'Déposer une réclamation' }).getAttribute('href')).toBe('/client/add-complaint');
    expect(within(menu).getByRole('link', { name: 'Mes réclamations' }).getAttribute('href')).toBe('/client/view-complaint-by-me');
    expect(within(menu).getByRole('link', { name: 'Réclamations me concernant' }).getAttribute('href')).toBe('/client/view-complaint-against');

    const u = user();
    await u.type(screen.getByLabelText(/^Objet/), 'ab');
    await u.type(screen.getByLabelText(/^Description/), 'court');
    await u.click(screen.getByRole('button', { name: 'Envoyer la réclamation' }));
    expect(await screen.findAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    expect(screen.getAllByText('Ce texte est trop court.')).toHaveLength(2);
    expect(screen.getByLabelText(/^Objet/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch.calls('POST', '/api/client/complaints')).toHaveLength(0);
  });

  it('files a complaint with an attachment, then shows it', async () => {
    const fetch = stubFetch({
      ...base,
      'POST /api/client/files': () => json({ key: 'uploads/me/f1', content_type: 'application/pdf', size: 2048, name: 'file' }, { status: 201 }),
      'POST /api/client/complaints': () => json({ complaint_id: 'c9' }, { status: 201 }),
      'GET /api/client/complaints/c9': () => json(complaintDetail({ id: 'c9', can: { withdraw: true, statement: false, answer_request_id: null } })),
    });
    const { router } = renderApp('/client/add-complaint');
    const u = user();
    await fill(u);
    await u.selectOptions(screen.getByLabelText(/Résultat souhaité/), 'refund');
    await u.upload(screen.getByLabelText('Pièces jointes (facultatif)'), new File(['%PDF-1.4'], 'facture.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: 'Retirer facture.pdf' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/files')[0].url.searchParams.get('kind')).toBe('complaint_attachment');
    await u.click(screen.getByRole('button', { name: 'Envoyer la réclamation' }));

    expect(await screen.findByText('Votre réclamation a été enregistrée.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/complaints').map((r) => r.body)).toEqual([
      {
        booking_id: 'b1',
        complaint_type_id: TYPE,
        subject: 'Séance écourtée',
        description: 'La séance a duré vingt minutes au lieu de cinquante.',
        desired_outcome: 'refund',
        attachments: ['uploads/me/f1'],
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/complaint/c9'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Séance écourtée' })).toBeTruthy();
  });

  it('files about the platform without a booking, and puts the server’s field errors on their fields', async () => {
    let attempt = 0;
    const fetch = stubFetch({
      ...base,
      'POST /api/client/complaints': () => {
        attempt += 1;
        return attempt === 1
          ? apiError(400, 'validation_failed', 'Données invalides.', { subject: 'Objet refusé par le serveur.' })
          : apiError(409, 'complaint_already_open', 'Vous avez déjà une réclamation ouverte pour cette réservation.');
      },
    });
    renderApp('/client/add-complaint');
    const u = user();
    await fill(u);
    await u.selectOptions(screen.getByLabelText(/Réservation concernée/), 'platform');
    await u.click(screen.getByRole('button', { name: 'Envoyer la réclamation' }));
    expect(await screen.findByText('Objet refusé par le serveur.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/complaints')[0].body).not.toHaveProperty('booking_id');

    await u.selectOptions(screen.getByLabelText(/Réservation concernée/), 'b1');
    await u.click(screen.getByRole('button', { name: 'Envoyer la réclamation' }));
    const refusals = await screen.findAllByText('Vous avez déjà une réclamation ouverte pour cette réservation.');
    expect(refusals.length).toBeGreaterThanOrEqual(1);
    expect(screen.getByLabelText(/Réservation concernée/).getAttribute('aria-invalid')).toBe('true');
  });
});
