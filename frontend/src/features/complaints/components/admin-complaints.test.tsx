import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { ComplaintDetail } from '../api/types';
import { CONSULTANT, complaintDetail, complaintRow, eur, stateOf, TYPE } from '../testing/complaint-fixtures';

const user = () => userEvent.setup({ delay: null });
const admin = {
  'GET /api/admin-panel/session': () => json(sessionFor('admin')),
  'GET /api/public/reference/complaint-types': () =>
    json({ items: [{ id: TYPE, name_fr: 'Comportement', name_en: 'Behaviour', parent_id: null, code: null }] }),
};
const history = { 'GET /api/admin-panel/history/complaint/c1': () => json({ items: [] }) };

describe('admin complaint lists', () => {
  it('filters client complaints (kept in the address), 20 a page, and exports the same filters', async () => {
    const fetch = stubFetch({
      ...admin,
      'GET /api/admin-panel/complaints': ({ url }) =>
        json({ items: [complaintRow()], total: 41, page: Number(url.searchParams.get('page') ?? 1), page_size: 20 }),
    });
    const { router } = renderApp('/admin/view-complaint-client');
    expect(await screen.findByText('41 réclamations')).toBeTruthy();
    const query = () => Object.fromEntries(fetch.calls('GET', '/api/admin-panel/complaints').at(-1)!.url.searchParams);
    expect(query()).toEqual({ author_role: 'client', page: '1', page_size: '20' });
    const menu = screen.getByRole('navigation', { name: /Menu/ });
    expect(within(menu).getByRole('link', { name: 'Réclamations des clients' }).getAttribute('href')).toBe('/admin/view-complaint-client');
    expect(within(menu).getByRole('link', { name: 'Réclamations des experts' }).getAttribute('href')).toBe('/admin/view-complaint-consultant');
    const row = within(screen.getByRole('table')).getAllByRole('row')[1];
    expect(within(row).getByRole('link', { name: 'Séance écourtée' }).getAttribute('href')).toBe('/admin/edit-complaint/c1');
    expect(within(row).getByRole('link', { name: /2030/ }).getAttribute('href')).toBe('/admin/all-booking/b1');

    const u = user();
    await u.selectOptions(screen.getByLabelText('Statut'), 'En cours d’examen');
    await waitFor(() => expect(query().status).toBe('in_review'));
    await screen.findByRole('option', { name: 'Comportement' });
    await u.selectOptions(screen.getByLabelText('Type'), 'Comportement');
    await waitFor(() => expect(query().type_id).toBe(TYPE));
    await u.click(within(row).getByRole('button', { name: 'Filtrer par Inès Roux' }));
    await waitFor(() => expect(query().party_id).toBe(CONSULTANT));
    expect(query().type_id).toBe(TYPE);
    await u.type(screen.getByLabelText('Déposée du'), '2030-03-01');
    await u.type(screen.getByLabelText('Au'), '2030-03-31');
    await u.type(screen.getByLabelText('N° de réservation'), 'b1');
    await u.type(screen.getByLabelText(/Rechercher/), 'ecourtee');
    await u.click(screen.getByRole('button', { name: 'Filtrer' }));
    await waitFor(() => expect(query().q).toBe('ecourtee'));
    expect(query().type_id).toBe(TYPE);
    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    const expected = {
      author_role: 'client',
      status: 'in_review',
      type_id: TYPE,
      party_id: CONSULTANT,
      booking_id: 'b1',
      from: '2030-03-01',
      to: '2030-03-31',
      q: 'ecourtee',
    };
    await waitFor(() => expect(query()).toEqual({ ...expected, page: '2', page_size: '20' }));
    expect(router.state.location.search).toContain('party_id=');
    const exportLink = screen.getByRole('link', { name: 'Exporter en CSV' });
    expect(exportLink.hasAttribute('download')).toBe(true);
    const exportUrl = new URL(exportLink.getAttribute('href')!, 'http://localhost');
    expect(exportUrl.pathname).toBe('/api/admin-panel/complaints/export.csv');
    expect(Object.fromEntries(exportUrl.searchParams)).toEqual(expected);
    await u.click(screen.getByRole('button', { name: 'Partie : Inès Roux ✕' }));
    await waitFor(() => expect(query().party_id).toBeUndefined());
  });

  it('lists consultants’ complaints with author_role consultant', async () => {
    const fetch = stubFetch({
      ...admin,
      'GET /api/admin-panel/complaints': () => json({ items: [], total: 0, page: 1, page_size: 20 }),
    });
    renderApp('/admin/view-complaint-consultant');
    expect(await screen.findByText('Aucune réclamation ne correspond.')).toBeTruthy();
    expect(fetch.calls('GET', '/api/admin-panel/complaints')[0].url.searchParams.get('author_role')).toBe('consultant');
  });
});

describe('admin edit-complaint', () => {
  const paid = (overrides: Partial<ComplaintDetail> = {}) =>
    complaintDetail({
      status: 'in_review',
      booking_total: eur(6000),
      booking_refunded: eur(1000),
      statement: { text: 'La cliente est arrivée en retard.', at: '2030-03-06T08:00:00Z', attachments: [] },
      ...overrides,
    });

  it('decides for the client with a 50 % refund and a suspension', async () => {
    let detail = paid();
    const fetch = stubFetch({
      ...admin,
      ...history,
      'GET /api/admin-panel/complaints/c1': () => json(detail),
      'POST /api/admin-panel/complaints/c1/decide': ({ body }) => {
        const b = body as { favour: 'complainant'; resolution: string; refund?: { amount_minor: number }; suspend_consultant?: boolean };
        detail = {
          ...detail,
          status: 'decided',
          favour: b.favour,
          updated_at: '2030-03-07T10:00:00Z',
          decision: { favour: b.favour, resolution: b.resolution, refund: b.refund ? eur(b.refund.amount_minor) : null, suspend_consultant: Boolean(b.suspend_consultant), at: '2030-03-07T10:00:00Z' },
        };
        return json(stateOf(detail));
      },
    });
    renderApp('/admin/edit-complaint/c1');
    expect(await screen.findByText('La cliente est arrivée en retard.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Réservation du/ }).getAttribute('href')).toBe('/admin/all-booking/b1');
    expect(screen.getByText('Camille Martin (client)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Télécharger capture.png' }).getAttribute('href')).toMatch(/^\/api\/admin-panel\/complaints\/c1\/files\//);
    expect(screen.queryByRole('button', { name: 'Commencer l’examen' })).toBeNull();

    const form = screen.getByRole('heading', { name: 'Décider' }).closest('section')!;
    const u = user();
    expect(within(form).queryByLabelText(/Remboursement au client/)).toBeNull();
    await u.click(within(form).getByLabelText('En faveur de l’auteur de la réclamation'));
    const amount = within(form).getByLabelText(/Remboursement au client \(EUR/);
    expect(within(form).getByText(/^Au plus 50,00\s€ : payé 60,00\s€, déjà remboursé 10,00\s€\.$/)).toBeTruthy();
    await u.click(within(form).getByRole('button', { name: 'Intégral' }));
    expect((amount as HTMLInputElement).value).toBe('50.00');
    await u.clear(amount);
    await u.type(amount, '55');
    await u.type(within(form).getByLabelText(/^Résolution/), 'Séance écourtée par l’expert : remboursement de moitié.');
    await u.click(within(form).getByRole('button', { name: 'Enregistrer la décision' }));
    expect(await within(form).findByText(/Le remboursement ne peut pas dépasser 50,00\s€\./)).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/complaints/c1/decide')).toHaveLength(0);

    await u.click(within(form).getByRole('button', { name: '50 %' }));
    expect((amount as HTMLInputElement).value).toBe('30.00');
    await u.click(within(form).getByLabelText('Suspendre l’expert'));
    await u.click(within(form).getByRole('button', { name: 'Enregistrer la décision' }));
    expect(await screen.findByText('Décision enregistrée.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/complaints/c1/decide').map((r) => r.body)).toEqual([
      {
        favour: 'complainant',
        resolution: 'Séance écourtée par l’expert : remboursement de moitié.',
        refund: { amount_minor: 3000 },
        suspend_consultant: true,
      },
    ]);
    const outcome = screen.getByRole('heading', { name: 'Issue' }).closest('section')!;
    expect(within(outcome).getByText(/^30,00\s€$/)).toBeTruthy();
    expect(within(outcome).getByText('L’expert a été suspendu.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Décider' })).toBeNull();
    await waitFor(() => expect(fetch.calls('GET', '/api/admin-panel/history/complaint/c1').length).toBeGreaterThan(1));
  });

  it('on 409 complaint_closed shows the server’s message and the state another administrator left', async () => {
    let detail = paid();
    const fetch = stubFetch({
      ...admin,
      ...history,
      'GET /api/admin-panel/complaints/c1': () => json(detail),
      'POST /api/admin-panel/complaints/c1/decide': () => {
        detail = {
          ...detail,
          status: 'dismissed',
          closed_at: '2030-03-07T09:00:00Z',
          dismissal: { reason: 'Hors délai.', at: '2030-03-07T09:00:00Z' },
        };
        return apiError(409, 'complaint_closed', 'Un autre administrateur a déjà clos cette réclamation.');
      },
    });
    renderApp('/admin/edit-complaint/c1');
    const form = (await screen.findByRole('heading', { name: 'Décider' })).closest('section')!;
    const u = user();
    await u.click(within(form).getByLabelText('En faveur d’aucune des parties'));
    expect(within(form).queryByLabelText(/Remboursement au client/)).toBeNull();
    await u.type(within(form).getByLabelText(/^Résolution/), 'Pas de faute établie.');
    await u.click(within(form).getByRole('button', { name: 'Enregistrer la décision' }));
    const refusal = await screen.findByText('Un autre administrateur a déjà clos cette réclamation.', { selector: 'p' });
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(await screen.findByText('Hors délai.')).toBeTruthy();
    expect(fetch.calls('GET', '/api/admin-panel/complaints/c1').length).toBeGreaterThan(1);
    expect(fetch.calls('POST', '/api/admin-panel/complaints/c1/decide')[0].body).toEqual({ favour: 'neither', resolution: 'Pas de faute établie.' });
    expect(screen.queryByRole('heading', { name: 'Décider' })).toBeNull();
    expect(screen.getByText('Classée sans suite', { selector: 'span' })).toBeTruthy();
  });

  it('starts the review, asks the respondent for information, and dismisses', async () => {
    let detail = complaintDetail();
    const fetch = stubFetch({
      ...admin,
      ...history,
      'GET /api/admin-panel/complaints/c1': () => json(detail),
      'POST /api/admin-panel/complaints/c1/review': () => {
        detail = { ...detail, status: 'in_review', updated_at: '2030-03-06T09:00:00Z' };
        return json(stateOf(detail));
      },
      'POST /api/admin-panel/complaints/c1/request-information': ({ body }) => {
        const b = body as { party: 'respondent'; text: string };
        detail = {
          ...detail,
          awaiting_information: true,
          updated_at: '2030-03-06T09:30:00Z',
          information_requests: [{ id: 'r1', party: b.party, text: b.text, asked_at: '2030-03-06T09:30:00Z', answer: null }],
        };
        return json(stateOf(detail));
      },
      'POST /api/admin-panel/complaints/c1/dismiss': ({ body }) => {
        detail = { ...detail, status: 'dismissed', dismissal: { reason: (body as { reason: string }).reason, at: '2030-03-07T09:00:00Z' } };
        return json(stateOf(detail));
      },
    });
    renderApp('/admin/edit-complaint/c1');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Commencer l’examen' }));
    expect(await screen.findByText('Examen commencé.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Commencer l’examen' })).toBeNull());

    const ask = screen.getByRole('heading', { name: 'Demander des informations' }).closest('section')!;
    await u.selectOptions(within(ask).getByLabelText(/À qui/), 'respondent');
    await u.type(within(ask).getByLabelText(/^Question/), 'Combien de temps a duré la séance ?');
    await u.click(within(ask).getByRole('button', { name: 'Envoyer la demande' }));
    expect(await screen.findByText('Demande envoyée.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/complaints/c1/request-information')[0].body).toEqual({
      party: 'respondent',
      text: 'Combien de temps a duré la séance ?',
    });
    const requests = screen.getByRole('heading', { name: 'Demandes d’informations' }).closest('section')!;
    expect(within(requests).getByText('Combien de temps a duré la séance ?')).toBeTruthy();
    expect(within(requests).getByText('Pas encore de réponse.')).toBeTruthy();

    const dismiss = screen.getByRole('heading', { name: 'Classer sans suite' }).closest('section')!;
    await u.click(within(dismiss).getByRole('button', { name: 'Classer sans suite' }));
    expect(await within(dismiss).findByText('Ce champ est obligatoire.')).toBeTruthy();
    await u.type(within(dismiss).getByLabelText(/^Motif/), 'Réclamation sans objet.');
    await u.click(within(dismiss).getByRole('button', { name: 'Classer sans suite' }));
    expect(await screen.findByText('Réclamation classée sans suite.')).toBeTruthy();
    expect(await screen.findByText('Réclamation sans objet.')).toBeTruthy();
  });
});
