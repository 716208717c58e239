import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { ComplaintDetail } from '../api/types';
import { CLIENT, complaintDetail, CONSULTANT, stateOf } from '../testing/complaint-fixtures';

const user = () => userEvent.setup({ delay: null });
const client = { 'GET /api/client/session': () => json({ ...sessionFor('client'), account_id: CLIENT }) };
const consultant = { 'GET /api/consultant/session': () => json({ ...sessionFor('consultant', 'Inès'), account_id: CONSULTANT }) };
const open = { withdraw: true, statement: false, answer_request_id: null };

describe('party complaint page', () => {
  it('shows the complaint with its files, and its author withdraws it after confirming', async () => {
    let detail: ComplaintDetail = complaintDetail({ can: open });
    const fetch = stubFetch({
      ...client,
      'GET /api/client/complaints/c1': () => json(detail),
      'POST /api/client/complaints/c1/withdraw': () => {
        detail = { ...detail, status: 'withdrawn', closed_at: '2030-03-06T10:00:00Z', can: { ...open, withdraw: false } };
        return json(stateOf(detail));
      },
    });
    renderApp('/client/complaint/c1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Séance écourtée' })).toBeTruthy();
    expect(screen.getByText('La séance a duré vingt minutes au lieu de cinquante.')).toBeTruthy();
    const file = screen.getByRole('link', { name: 'Télécharger capture.png' });
    expect(file.getAttribute('href')).toBe(`/api/client/complaints/c1/files/uploads/${CLIENT}/f1`);
    expect(file.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Retour à mes réclamations' }).getAttribute('href')).toBe('/client/view-complaint-by-me');
    expect(screen.getByText('Inès Roux (expert)')).toBeTruthy();

    const u = user();
    await u.click(screen.getByRole('button', { name: 'Retirer la réclamation' }));
    const dialog = screen.getByRole('dialog', { name: 'Retirer la réclamation ?' });
    await u.click(within(dialog).getByRole('button', { name: 'Garder la réclamation' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.calls('POST', '/api/client/complaints/c1/withdraw')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Retirer la réclamation' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('Votre réclamation a été retirée.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/complaints/c1/withdraw')).toHaveLength(1);
    const facts = screen.getByRole('heading', { level: 2, name: 'Séance écourtée' }).closest('section')!;
    expect(within(facts).getByText('Retirée')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retirer la réclamation' })).toBeNull();
  });

  it('shows the server’s reason and the current state when the complaint was closed meanwhile', async () => {
    let detail: ComplaintDetail = complaintDetail({ can: open });
    const fetch = stubFetch({
      ...client,
      'GET /api/client/complaints/c1': () => json(detail),
      'POST /api/client/complaints/c1/withdraw': () => {
        detail = {
          ...detail,
          status: 'decided',
          favour: 'complainant',
          can: { ...open, withdraw: false },
          decision: { favour: 'complainant', resolution: 'Remboursement partiel.', refund: null, suspend_consultant: false, at: '2030-03-06T10:00:00Z' },
        };
        return apiError(409, 'complaint_closed', 'Cette réclamation est déjà close.');
      },
    });
    renderApp('/client/complaint/c1');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Retirer la réclamation' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('Cette réclamation est déjà close.')).toBeTruthy();
    expect(await screen.findByText('Remboursement partiel.')).toBeTruthy();
    expect(screen.getByText('En faveur de l’auteur de la réclamation')).toBeTruthy();
    expect(fetch.calls('GET', '/api/client/complaints/c1').length).toBeGreaterThan(1);
    expect(screen.queryByRole('button', { name: 'Retirer la réclamation' })).toBeNull();
  });

  it('lets the respondent submit one statement', async () => {
    let detail: ComplaintDetail = complaintDetail({ can: { withdraw: false, statement: true, answer_request_id: null } });
    const fetch = stubFetch({
      ...consultant,
      'GET /api/consultant/complaints/c1': () => json(detail),
      'POST /api/consultant/complaints/c1/statement': ({ body }) => {
        detail = {
          ...detail,
          statement: { text: (body as { text: string }).text, at: '2030-03-06T08:00:00Z', attachments: [] },
          can: { ...detail.can, statement: false },
        };
        return json(stateOf(detail));
      },
    });
    renderApp('/consultant/complaint/c1');
    const form = await screen.findByRole('form', { name: 'Votre réponse' });
    expect(screen.getByRole('link', { name: 'Retour aux réclamations me concernant' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retirer la réclamation' })).toBeNull();
    const u = user();
    await u.type(within(form).getByLabelText(/Votre réponse/), 'Trop court');
    await u.clear(within(form).getByLabelText(/Votre réponse/));
    await u.type(within(form).getByLabelText(/Votre réponse/), 'court');
    await u.click(within(form).getByRole('button', { name: 'Envoyer ma réponse' }));
    expect(await within(form).findByText('Ce texte est trop court.')).toBeTruthy();
    await u.type(within(form).getByLabelText(/Votre réponse/), ' : la cliente est arrivée avec 30 minutes de retard.');
    await u.click(within(form).getByRole('button', { name: 'Envoyer ma réponse' }));
    expect(await screen.findByText('Votre réponse a été envoyée.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/consultant/complaints/c1/statement').map((r) => r.body)).toEqual([
      { text: 'court : la cliente est arrivée avec 30 minutes de retard.' },
    ]);
    expect(screen.getByText('court : la cliente est arrivée avec 30 minutes de retard.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Votre réponse' })).toBeNull();
  });

  it('lets a party answer the question addressed to it', async () => {
    const request = { id: 'r1', party: 'complainant' as const, text: 'À quelle heure la séance a-t-elle pris fin ?', asked_at: '2030-03-06T09:00:00Z', answer: null };
    let detail: ComplaintDetail = complaintDetail({
      status: 'in_review',
      awaiting_information: true,
      information_requests: [request],
      can: { withdraw: true, statement: false, answer_request_id: 'r1' },
    });
    const fetch = stubFetch({
      ...client,
      'GET /api/client/complaints/c1': () => json(detail),
      'POST /api/client/complaints/c1/information': () => {
        detail = {
          ...detail,
          awaiting_information: false,
          information_requests: [{ ...request, answer: { text: 'Vers 9 h 20.', at: '2030-03-06T10:00:00Z', attachments: [] } }],
          can: { ...detail.can, answer_request_id: null },
        };
        return json(stateOf(detail));
      },
    });
    renderApp('/client/complaint/c1');
    expect(await screen.findByText('L’administration attend une information de votre part : répondez plus bas.')).toBeTruthy();
    expect(screen.getByText('À quelle heure la séance a-t-elle pris fin ?')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Répondre à la demande' });
    const u = user();
    await u.type(within(form).getByLabelText(/Votre réponse/), 'Vers 9 h 20.');
    await u.click(within(form).getByRole('button', { name: 'Envoyer la réponse' }));
    expect(await screen.findByText('Votre réponse a été envoyée.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/complaints/c1/information').map((r) => r.body)).toEqual([
      { request_id: 'r1', text: 'Vers 9 h 20.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Répondre à la demande' })).toBeNull());
    expect(screen.getByText('Vers 9 h 20.')).toBeTruthy();
  });

  it('answers 404 with the not-found page', async () => {
    stubFetch({ ...client, 'GET /api/client/complaints/zz': () => apiError(404, 'not_found', 'Introuvable.') });
    renderApp('/client/complaint/zz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
  });
});
