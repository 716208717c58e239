import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { AdminConsultantProfile, ConsultantRow } from '../api/types';

const user = () => userEvent.setup({ delay: null });
const admin = { 'GET /api/admin-panel/session': () => json(sessionFor('admin')) };
const setup = (handlers: Record<string, StubHandler>) => stubFetch({ ...admin, ...handlers });

const row = (id: string, overrides: Partial<ConsultantRow> = {}): ConsultantRow => ({
  id,
  given_name: 'Inès',
  family_name: `Roux ${id}`,
  email: `ines.${id}@example.org`,
  profession: 'Naturopathe',
  status: 'submitted',
  has_unreviewed_changes: false,
  registered_at: '2026-01-10T09:00:00Z',
  submitted_at: '2026-01-12T10:30:00Z',
  ...overrides,
});

const file = (name: string, type = 'application/pdf') => ({
  key: `subjects/c1/${name}`,
  content_type: type,
  size: 1000,
});

const profile = (overrides: Partial<AdminConsultantProfile> = {}): AdminConsultantProfile => ({
  consultant_id: 'c1',
  status: 'submitted',
  rejection_reason: null,
  suspension_reason: null,
  sections: {
    basic_profile: true,
    address: true,
    education: true,
    certificates: true,
    bank: true,
    profile_details: true,
    documents: true,
  },
  missing: [],
  changed_since_approval: [],
  basic_profile: {
    title: 'dr',
    gender: 'female',
    given_name: 'Inès',
    family_name: 'Roux',
    isd_code: '+33',
    contact_number: '612345678',
    spoken_languages: ['fr', 'en'],
    timezone: 'Europe/Paris',
  },
  address: {
    country_id: 'FR-id',
    city_id: 'lyon-id',
    house_number: '12',
    street_name: 'Rue de la Paix',
    street_name_2: null,
    postal_code: '69001',
  },
  degrees: [{ id: 'dg1', name: 'Diplôme de naturopathie', school: 'CENATHO', year: 2012, attachment: file('deg.png', 'image/png') }],
  certificates: [
    { id: 'ct1', name: 'Réflexologie', school: 'École de Lyon', year: 2016, number: 'R-42', attachment: file('cert.pdf') },
  ],
  bank: {
    payment_currency: 'EUR',
    tax_number: '0',
    bank_name: 'Banque Populaire',
    agency_name: 'Lyon Centre',
    agency_address: '1 place Bellecour',
    swift_bic: 'CCBPFRPPLYO',
    account_number: '12345678901',
    branch_code: '00012',
    iban: 'FR7630006000011234567890189',
    control_key: '89',
    account_holder: 'Inès Roux',
    account_currency: 'EUR',
    attachment: file('rib.pdf'),
  },
  profile_details: {
    bio: 'Naturopathe depuis douze ans.',
    background: 'Publications.',
    expertise: 'Stress.',
    video_url: 'https://video.example.org/intro',
    keyword_ids: ['k1'],
    objective_ids: [],
    disorder_ids: ['d1'],
    specialisation_ids: ['s1'],
    price_minor: 6050,
    currency: 'EUR',
    session_minutes: 50,
    languages: ['fr'],
    first_consultation_free: true,
    photo: file('photo.jpg', 'image/jpeg'),
    resume: file('cv.pdf'),
  },
  documents: {
    contract: file('contract.pdf'),
    id_number: 'ID-998877',
    id_attachment: file('id.pdf'),
    criminal_record: file('record.pdf'),
  },
  account: { email: 'ines@example.org', registered_at: '2026-01-10T09:00:00Z', profile: { profession: 'Naturopathe' } },
  history: [{ type: 'ProfileSubmitted', at: '2026-01-12T10:30:00Z', actor: 'consultant' }],
  ...overrides,
});

const reference = (items: [string, string, string?][]) => () =>
  json({ items: items.map(([id, name_fr, code]) => ({ id, name_fr, name_en: name_fr, parent_id: null, code: code ?? null })) });

const referenceHandlers = {
  'GET /api/public/reference/countries': reference([['FR-id', 'France', 'FR']]),
  'GET /api/public/reference/cities': reference([]),
  'GET /api/public/reference/cities/lyon-id': () =>
    json({ id: 'lyon-id', name_fr: 'Lyon', name_en: 'Lyon', parent_id: 'FR-id', code: null }),
  'GET /api/public/reference/keywords': reference([['k1', 'Sommeil']]),
  'GET /api/public/reference/disorders': reference([['d1', 'Anxiété']]),
  'GET /api/public/reference/specializations': reference([['s1', 'Naturopathie']]),
  'GET /api/public/reference/objectives': reference([]),
  'GET /api/public/reference/languages': reference([['l1', 'Français', 'fr']]),
};

describe('admin consultants', () => {
  it('list: status badges, the changes flag, search, status filter and pages of 20', async () => {
    const fetch = setup({
      'GET /api/admin-panel/consultants': (request) =>
        json({
          items:
            request.url.searchParams.get('page') === '2'
              ? [row('c21', { status: 'approved' })]
              : [row('c1'), row('c2', { status: 'approved', has_unreviewed_changes: true })],
          total: 21,
          page: Number(request.url.searchParams.get('page')),
          page_size: 20,
        }),
    });
    const { router } = renderApp('/admin/consultant');
    const table = await screen.findByRole('table', { name: 'Consultants' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByRole('link', { name: 'Inès Roux c1' }).getAttribute('href')).toBe(
      '/admin/consultant/consultant-profile/c1',
    );
    expect(within(first).getByText('À examiner')).toBeTruthy();
    expect(within(first).queryByText('Modifications à revoir')).toBeNull();
    expect(within(second).getByText('Approuvé')).toBeTruthy();
    expect(within(second).getByText('Modifications à revoir')).toBeTruthy();
    expect(Object.fromEntries(fetch.calls('GET', '/api/admin-panel/consultants')[0].url.searchParams)).toEqual({
      page: '1',
      page_size: '20',
    });

    const u = user();
    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByRole('link', { name: 'Inès Roux c21' })).toBeTruthy();
    expect(screen.getByText('Page 2 sur 2')).toBeTruthy();

    // A filter goes back to page 1 and keeps the search.
    await u.type(screen.getByRole('searchbox', { name: 'Rechercher (nom, e-mail)' }), 'roux');
    await u.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() =>
      expect(fetch.calls('GET', '/api/admin-panel/consultants').at(-1)!.url.searchParams.get('search')).toBe('roux'),
    );
    await u.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'submitted');
    await waitFor(() =>
      expect(Object.fromEntries(fetch.calls('GET', '/api/admin-panel/consultants').at(-1)!.url.searchParams)).toEqual({
        search: 'roux',
        status: 'submitted',
        page: '1',
        page_size: '20',
      }),
    );
    expect(router.state.location.search).toBe('?search=roux&status=submitted');
  });

  it('profile: every section and document, the bank in full, files through the admin area', async () => {
    setup({ ...referenceHandlers, 'GET /api/admin-panel/consultants/c1': () => json(profile()) });
    renderApp('/admin/consultant/consultant-profile/c1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Inès Roux' })).toBeTruthy();
    for (const section of [
      'Profil de base',
      'Adresse',
      'Diplômes',
      'Certificats',
      'Coordonnées bancaires',
      'Détails du profil',
      'Documents',
      'Historique',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
    }
    const main = within(screen.getByRole('main'));
    expect(main.getByText('FR7630006000011234567890189')).toBeTruthy();
    expect(main.getByText('CCBPFRPPLYO')).toBeTruthy();
    expect(main.getByText('ID-998877')).toBeTruthy();
    expect(await main.findByText('France')).toBeTruthy();
    // A city no longer in the picker list (trashed) is asked for by id.
    expect(await main.findByText('Lyon')).toBeTruthy();
    expect(await main.findByText('Anxiété')).toBeTruthy();
    expect(main.getByText(/60,50/)).toBeTruthy();
    const hrefs = main.getAllByRole('link', { name: /Ouvrir le fichier/ }).map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      ['deg.png', 'cert.pdf', 'rib.pdf', 'photo.jpg', 'cv.pdf', 'contract.pdf', 'id.pdf', 'record.pdf'].map(
        (name) => `/api/admin-panel/files/subjects/c1/${name}`,
      ),
    );
    expect(main.getByRole('img', { name: 'Photo de profil' }).getAttribute('src')).toBe(
      '/api/admin-panel/files/subjects/c1/photo.jpg',
    );
    expect(main.getByText(/Profil soumis \(consultant\)/)).toBeTruthy();
    expect(main.getByRole('button', { name: 'Approuver' })).toBeTruthy();
    expect(main.getByRole('button', { name: 'Refuser' })).toBeTruthy();
    expect(main.queryByRole('button', { name: 'Suspendre' })).toBeNull();
  });

  it('reject requires a reason, then posts it, confirms and shows the refreshed status', async () => {
    let status: AdminConsultantProfile['status'] = 'submitted';
    const fetch = setup({
      ...referenceHandlers,
      'GET /api/admin-panel/consultants/c1': () =>
        json(profile({ status, rejection_reason: status === 'rejected' ? 'Photo floue.' : null })),
      'POST /api/admin-panel/consultants/c1/reject': () => {
        status = 'rejected';
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/consultant/consultant-profile/c1');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Refuser' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuser le profil' });
    const reason = within(dialog).getByRole('textbox', { name: /Motif/ });
    expect(document.activeElement).toBe(reason);
    await u.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await u.type(reason, '   ');
    await u.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(fetch.calls('POST', '/api/admin-panel/consultants/c1/reject')).toEqual([]);

    await u.type(reason, 'Photo floue.');
    await u.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await screen.findByText('Le profil de Inès Roux est refusé.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/consultants/c1/reject').map((r) => r.body)).toEqual([
      { reason: 'Photo floue.' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Motif du refus')).toBeTruthy();
    expect(screen.getByText('Photo floue.')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('Refusé')).toBeTruthy();
  });

  it('approve asks for confirmation; cancel sends nothing; a refused command shows the server’s message', async () => {
    let approveAnswer = () => apiError(409, 'conflict', 'Le profil n’est plus soumis.');
    const fetch = setup({
      ...referenceHandlers,
      'GET /api/admin-panel/consultants/c1': () => json(profile()),
      'POST /api/admin-panel/consultants/c1/approve': () => approveAnswer(),
    });
    renderApp('/admin/consultant/consultant-profile/c1');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Approuver' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.calls('POST', '/api/admin-panel/consultants/c1/approve')).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Approuver' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approuver' }));
    expect(await screen.findByText('Le profil n’est plus soumis.')).toBeTruthy();
    approveAnswer = () => new Response(null, { status: 204 });
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approuver' }));
    expect(await screen.findByText('Le profil de Inès Roux est approuvé.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/consultants/c1/approve')).toHaveLength(2);
    await waitFor(() => expect(fetch.calls('GET', '/api/admin-panel/consultants/c1').length).toBeGreaterThan(1));
  });

  it('offers suspend for approved profiles, reinstate for suspended ones, and marks changes reviewed', async () => {
    let current = profile({ status: 'approved', changed_since_approval: ['profile_details'] });
    const fetch = setup({
      ...referenceHandlers,
      'GET /api/admin-panel/consultants/c1': () => json(current),
      'POST /api/admin-panel/consultants/c1/changes-reviewed': () => {
        current = { ...current, changed_since_approval: [] };
        return new Response(null, { status: 204 });
      },
      'POST /api/admin-panel/consultants/c1/suspend': () => {
        current = { ...current, status: 'suspended', suspension_reason: 'Plaintes répétées.' };
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/consultant/consultant-profile/c1');
    const u = user();
    expect(await screen.findByText('Modifications à revoir')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Marquer les modifications comme revues' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Marquer les modifications comme revues' }));
    await waitFor(() => expect(screen.queryByText('Modifications à revoir')).toBeNull());
    expect(fetch.calls('POST', '/api/admin-panel/consultants/c1/changes-reviewed')).toHaveLength(1);

    await u.click(screen.getByRole('button', { name: 'Suspendre' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspendre le consultant' });
    await u.type(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Plaintes répétées.');
    await u.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
    expect(await screen.findByRole('button', { name: 'Rétablir' })).toBeTruthy();
    expect(screen.getByText('Plaintes répétées.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/consultants/c1/suspend').map((r) => r.body)).toEqual([
      { reason: 'Plaintes répétées.' },
    ]);
  });

  it('deactivates a consultant account with a reason; the list and the profile show it', async () => {
    const reason = 'Comportement abusif répété.';
    const account = { email: 'ines@example.org', registered_at: '2026-01-10T09:00:00Z', profile: {} };
    let current = profile({ status: 'approved', account: { ...account, account_status: 'active' } });
    const fetch = setup({
      ...referenceHandlers,
      'GET /api/admin-panel/consultants': () =>
        json({ items: [row('c1', { account_status: 'deactivated' }), row('c2')], total: 2, page: 1, page_size: 20 }),
      'GET /api/admin-panel/consultants/c1': () => json(current),
      'POST /api/admin-panel/consultants/c1/deactivate': () => {
        current = profile({
          status: 'approved',
          account: { ...account, account_status: 'deactivated', deactivation_reason: reason },
        });
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/consultant/consultant-profile/c1');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Désactiver le compte' }));
    const dialog = screen.getByRole('dialog', { name: 'Désactiver le compte' });
    await u.type(within(dialog).getByRole('textbox', { name: /Motif/ }), reason);
    await u.click(within(dialog).getByRole('button', { name: 'Désactiver le compte' }));
    expect(await screen.findByRole('button', { name: 'Réactiver le compte' })).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/consultants/c1/deactivate').map((r) => r.body)).toEqual([{ reason }]);

    await u.click(screen.getByRole('link', { name: '← Tous les consultants' }));
    const table = await screen.findByRole('table');
    const [, deactivated, active] = within(table).getAllByRole('row');
    expect(within(deactivated).getByText('Désactivé')).toBeTruthy();
    expect(within(active).queryByText('Désactivé')).toBeNull();
  });

  it('admin menu: the Medicine group holds Consultant, Client, bookings and the site’s texts, and opens on a profile page', async () => {
    setup({ ...referenceHandlers, 'GET /api/admin-panel/consultants/c1': () => json(profile()) });
    renderApp('/admin/consultant/consultant-profile/c1');
    const menu = await screen.findByRole('navigation', { name: 'Menu Administration' });
    const medicine = within(menu).getByRole('button', { name: 'Médecine' });
    expect(medicine.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(medicine.getAttribute('aria-controls')!)!;
    expect([...list.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Consultants', '/admin/consultant'],
      ['Clients', '/admin/client'],
      ['Toutes les réservations', '/admin/all-booking'],
      ['Politique de confidentialité', '/admin/view-privacy-policy'],
      ['Conditions générales', '/admin/view-terms-condition'],
      ['Pages du site', '/admin/site-pages'],
      ['Paramètres du site', '/admin/websetting'],
    ]);
  });
});
