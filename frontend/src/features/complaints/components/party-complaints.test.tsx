import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { complaintRow, CONSULTANT } from '../testing/complaint-fixtures';

const consultant = { 'GET /api/consultant/session': () => json({ ...sessionFor('consultant', 'Inès'), account_id: CONSULTANT }) };

describe('party complaint lists', () => {
  it('lists complaints against the consultant with status, type, author, dates, and pages', async () => {
    const fetch = stubFetch({
      ...consultant,
      'GET /api/consultant/complaints': ({ url }) =>
        json({
          items: [
            complaintRow({ id: `c${url.searchParams.get('page') ?? 1}`, awaiting_information: true }),
            complaintRow({ id: 'c2', subject: 'Retard', status: 'decided', favour: 'respondent', booking: null }),
          ],
          total: 45,
          page: Number(url.searchParams.get('page') ?? 1),
          page_size: 20,
        }),
    });
    renderApp('/consultant/view-complaint-against');
    expect(await screen.findByText('45 réclamations')).toBeTruthy();
    const query = () => fetch.calls('GET', '/api/consultant/complaints').at(-1)!.url.searchParams;
    expect(query().get('scope')).toBe('against_me');
    const table = screen.getByRole('table', { name: 'Réclamations me concernant' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1];
    expect(within(first).getByRole('link', { name: 'Séance écourtée' }).getAttribute('href')).toBe('/consultant/complaint/c1');
    expect(within(first).getByText('Déposée')).toBeTruthy();
    expect(within(first).getByText('Information demandée')).toBeTruthy();
    expect(within(first).getByText('Comportement')).toBeTruthy();
    expect(within(first).getByText('Camille Martin')).toBeTruthy();
    expect(within(rows[2]).getByText('Décidée')).toBeTruthy();
    expect(within(rows[2]).getByText('Aucune')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: /Menu/ });
    expect(within(menu).getByRole('link', { name: 'Réclamations me concernant' }).getAttribute('aria-current')).toBe('page');

    const u = userEvent.setup({ delay: null });
    await u.selectOptions(screen.getByLabelText('Statut'), 'Décidée');
    await waitFor(() => expect(query().get('status')).toBe('decided'));
    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(Object.fromEntries(query())).toEqual({ scope: 'against_me', status: 'decided', page: '2' }));
  });

  it('lists the client’s own complaints with the other party (or the platform) and a link to file one', async () => {
    const fetch = stubFetch({
      'GET /api/client/session': () => json(sessionFor('client')),
      'GET /api/client/complaints': () =>
        json({
          items: [complaintRow(), complaintRow({ id: 'c3', respondent: null, booking: null, subject: 'Paiement refusé' })],
          total: 2,
          page: 1,
          page_size: 20,
        }),
    });
    renderApp('/client/view-complaint-by-me');
    const table = await screen.findByRole('table', { name: 'Mes réclamations' });
    expect(fetch.calls('GET', '/api/client/complaints')[0].url.searchParams.get('scope')).toBe('by_me');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByText('Inès Roux')).toBeTruthy();
    expect(within(rows[2]).getByText('La plateforme')).toBeTruthy();
    expect(screen.getByText('2 réclamations')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Déposer une réclamation' }).getAttribute('href')).toBe('/client/add-complaint');
  });
});
