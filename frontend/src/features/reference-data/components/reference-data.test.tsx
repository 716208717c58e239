import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { REFERENCE_SETS } from '@/features/reference-data/reference-sets';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const admin = { 'GET /api/admin-panel/session': () => json(sessionFor('admin')) };

const item = (id: string, name_fr: string, name_en: string, extra: Record<string, unknown> = {}) => ({
  id,
  name_fr,
  name_en,
  parent_id: null,
  parent_name_fr: null,
  parent_name_en: null,
  code: null,
  trashed: false,
  ...extra,
});

const page = (items: unknown[], total = items.length, pageNumber = 1) =>
  json({ items, total, page: pageNumber, page_size: 20 });

const setup = (handlers: Record<string, StubHandler>) => stubFetch({ ...admin, ...handlers });
const user = () => userEvent.setup({ delay: null });

describe('admin reference lists', () => {
  it('spells the spec paths', () => {
    const r = paths.admin.reference;
    expect(r.disorders.edit.getHref('7', 'Stress aigu')).toBe('/admin/edit-disorders/7/Stress%20aigu');
    expect(r.complaintType.add.path).toBe('/admin/add-complaintType');
    expect(r.complaintType.edit.path).toBe('/admin/edit-ComplaintType/:id/:name');
    expect(r.complaintType.view.path).toBe('/admin/view-ComplaintType');
    expect(r.complaintType.trash.path).toBe('/admin/view-trash-ComplaintType');
    expect(r.keywords.trash.path).toBe('/admin/view-trash-keywords');
    expect(r.country.edit.path).toBe('/admin/edit-country/:id');
    expect(r.city.edit.getHref('3', 'Lyon')).toBe('/admin/edit-city/3');
    // Ours (issue 13): the lifestyle catalogue's benefit labels.
    expect(r.benefits.add.path).toBe('/admin/add-benefits');
    expect(r.benefits.edit.path).toBe('/admin/edit-benefits/:id/:name');
    expect(r.benefits.edit.getHref('b1', 'Sommeil léger')).toBe('/admin/edit-benefits/b1/Sommeil%20l%C3%A9ger');
    expect(r.benefits.view.getHref()).toBe('/admin/view-benefits');
    expect(r.benefits.trash.getHref()).toBe('/admin/view-trash-benefits');
  });

  it('manages ten lists, each with its four screens', () => {
    expect(REFERENCE_SETS.map((set) => set.key)).toEqual([
      'disorders',
      'keywords',
      'languages',
      'nationality',
      'objectives',
      'specialization',
      'complaintType',
      'country',
      'city',
      'benefits',
    ]);
    expect(Object.keys(paths.admin.reference).sort()).toEqual(REFERENCE_SETS.map((set) => set.key).sort());
    expect(REFERENCE_SETS.find((set) => set.key === 'benefits')).toEqual({ key: 'benefits', kind: 'benefits', hasCode: false });
  });

  it('benefits: listed from the generic reference API, added with both names; the Digital Product menu group holds them', async () => {
    const fetch = setup({
      'GET /api/admin-panel/reference/benefits': () => page([item('b1', 'Sommeil', 'Sleep')]),
      'POST /api/admin-panel/reference/benefits': () => json({ id: 'b2' }, { status: 201 }),
    });
    const { router } = renderApp('/admin/view-benefits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste des bienfaits' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Liste des bienfaits' });
    expect(within(table).getByRole('link', { name: 'Modifier Sommeil' }).getAttribute('href')).toBe('/admin/edit-benefits/b1/Sommeil');
    expect(screen.getByRole('link', { name: 'Corbeille des bienfaits' }).getAttribute('href')).toBe('/admin/view-trash-benefits');

    const menu = screen.getByRole('navigation', { name: 'Menu Administration' });
    const group = within(menu).getByRole('button', { name: 'Produit numérique' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    const entries = document.getElementById(group.getAttribute('aria-controls')!)!;
    expect([...entries.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Ajouter un produit numérique', '/admin/add-digital-product'],
      ['Produits numériques', '/admin/view-digital-product'],
      ['Corbeille des produits numériques', '/admin/view-trash-digital-product'],
      ['Bienfaits', '/admin/view-benefits'],
    ]);

    const u = user();
    await u.click(screen.getByRole('link', { name: 'Ajouter un bienfait' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajouter un bienfait' })).toBeTruthy();
    // The add screen keeps the group open; no code field for this list.
    expect(within(menu).getByRole('button', { name: 'Produit numérique' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByLabelText(/Code ISO/)).toBeNull();
    await u.type(screen.getByLabelText(/Nom en français/), 'Digestion');
    await u.type(screen.getByLabelText(/Nom en anglais/), 'Digestion');
    await u.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('L’élément a été ajouté.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/reference/benefits')[0].body).toEqual({ name_fr: 'Digestion', name_en: 'Digestion' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/view-benefits'));
  });

  it('benefits: the edit and trash screens, in English too', async () => {
    setup({
      'GET /api/admin-panel/reference/benefits/b1': () => json(item('b1', 'Sommeil', 'Sleep')),
      'GET /api/admin-panel/reference/benefits': () => page([item('b3', 'Peau', 'Skin', { trashed: true })]),
    });
    const { router } = renderApp('/admin/edit-benefits/b1/Sommeil');
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifier un bienfait' })).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>(/Nom en anglais/)).value).toBe('Sleep');
    await router.navigate('/admin/view-trash-benefits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Corbeille des bienfaits' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Restaurer Peau' })).toBeTruthy();
    await user().click(screen.getByRole('button', { name: /English/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Benefits in the trash' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Benefits' }).getAttribute('href')).toBe('/admin/view-benefits');
  });

  it('view: both names, search, pages of 20, edit links', async () => {
    const fetch = setup({
      'GET /api/admin-panel/reference/disorders': (request) =>
        request.url.searchParams.get('page') === '2'
          ? page([item('21', 'Insomnie', 'Insomnia')], 21, 2)
          : page([item('1', 'Anxiété', 'Anxiety'), item('2', 'Stress', 'Stress')], 21),
    });
    renderApp('/admin/view-disorders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste des troubles' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Liste des troubles' });
    expect(within(table).getByRole('rowheader', { name: 'Anxiété' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Anxiety' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Modifier Anxiété' }).getAttribute('href')).toBe(
      '/admin/edit-disorders/1/Anxi%C3%A9t%C3%A9',
    );
    const first = fetch.calls('GET', '/api/admin-panel/reference/disorders')[0].url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ trashed: 'false', page: '1', page_size: '20' });

    const u = user();
    expect(screen.getByText('Page 1 sur 2')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByRole('rowheader', { name: 'Insomnie' })).toBeTruthy();

    await u.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'stress');
    await u.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => {
      const last = fetch.calls('GET', '/api/admin-panel/reference/disorders').at(-1)!.url.searchParams;
      expect(last.get('search')).toBe('stress');
      expect(last.get('page')).toBe('1');
    });
  });

  it('trash asks for confirmation, then posts and refreshes the list', async () => {
    let trashed = false;
    const fetch = setup({
      'GET /api/admin-panel/reference/keywords': () =>
        page(trashed ? [] : [item('k1', 'Sommeil', 'Sleep')]),
      'POST /api/admin-panel/reference/keywords/k1/trash': () => {
        trashed = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/view-keywords');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Mettre à la corbeille Sommeil' }));
    expect(fetch.calls('POST', '/api/admin-panel/reference/keywords/k1/trash')).toHaveLength(0);
    const confirm = screen.getByRole('button', { name: 'Confirmer' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    await u.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mettre à la corbeille Sommeil' })),
    );
    await u.click(screen.getByRole('button', { name: 'Mettre à la corbeille Sommeil' }));
    await u.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('« Sommeil » a été mis à la corbeille.')).toBeTruthy();
    expect(await screen.findByText('Aucun élément.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/reference/keywords/k1/trash')).toHaveLength(1);
  });

  it('view-trash lists trashed items and restores one', async () => {
    const fetch = setup({
      'GET /api/admin-panel/reference/complaint-types': () =>
        page([item('c1', 'Retard', 'Delay', { trashed: true })]),
      'POST /api/admin-panel/reference/complaint-types/c1/restore': () => new Response(null, { status: 204 }),
    });
    renderApp('/admin/view-trash-ComplaintType');
    expect(await screen.findByRole('heading', { level: 1, name: 'Corbeille des types de réclamation' })).toBeTruthy();
    await user().click(await screen.findByRole('button', { name: 'Restaurer Retard' }));
    expect(await screen.findByText('« Retard » a été restauré.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/reference/complaint-types/c1/restore')).toHaveLength(1);
    expect(fetch.calls('GET', '/api/admin-panel/reference/complaint-types')[0].url.searchParams.get('trashed')).toBe(
      'true',
    );
    await waitFor(() => expect(fetch.calls('GET', '/api/admin-panel/reference/complaint-types')).toHaveLength(2));
  });

  it('add: code for languages; server field errors land on the fields; success goes back to the list', async () => {
    let attempt = 0;
    const fetch = setup({
      'POST /api/admin-panel/reference/languages': () => {
        attempt += 1;
        return attempt === 1
          ? apiError(400, 'validation_failed', 'Données invalides.', { name_fr: 'Ce nom existe déjà.' })
          : json({ id: 'l9' }, { status: 201 });
      },
      'GET /api/admin-panel/reference/languages': () => page([item('l9', 'Breton', 'Breton', { code: 'br' })]),
    });
    const { router } = renderApp('/admin/add-languages');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Ajouter' }));
    expect((await screen.findAllByText('Ce champ est obligatoire.')).length).toBe(2);

    await u.type(screen.getByLabelText(/Nom en français/), 'Breton');
    await u.type(screen.getByLabelText(/Nom en anglais/), 'Breton');
    await u.type(screen.getByLabelText(/Code ISO/), 'br');
    await u.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Ce nom existe déjà.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Langues' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText(/Nom en français/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch.calls('POST', '/api/admin-panel/reference/languages')[0].body).toEqual({
      name_fr: 'Breton',
      name_en: 'Breton',
      code: 'br',
    });

    await u.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('L’élément a été ajouté.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/view-languages'));
  });

  it('add a city: country picker from the public list, no code field', async () => {
    const fetch = setup({
      'GET /api/public/reference/countries': () =>
        json({ items: [{ id: 'fr', name_fr: 'France', name_en: 'France', parent_id: null, code: 'FR' }] }),
      'POST /api/admin-panel/reference/cities': () => json({ id: 'c1' }, { status: 201 }),
      'GET /api/admin-panel/reference/cities': () => page([]),
    });
    renderApp('/admin/add-city');
    const u = user();
    const picker = await screen.findByRole('combobox', { name: /Pays/ });
    await screen.findByRole('option', { name: 'France' });
    expect(screen.queryByLabelText(/Code ISO/)).toBeNull();
    await u.selectOptions(picker, 'fr');
    await u.type(screen.getByLabelText(/Nom en français/), 'Lyon');
    await u.type(screen.getByLabelText(/Nom en anglais/), 'Lyon');
    await u.click(screen.getByRole('button', { name: 'Ajouter' }));
    await waitFor(() =>
      expect(fetch.calls('POST', '/api/admin-panel/reference/cities')[0]?.body).toEqual({
        name_fr: 'Lyon',
        name_en: 'Lyon',
        parent_id: 'fr',
      }),
    );
  });

  it('edit a country: loads it by id and saves with PUT', async () => {
    const fetch = setup({
      'GET /api/admin-panel/reference/countries/fr': () => json(item('fr', 'France', 'France', { code: 'FR' })),
      'PUT /api/admin-panel/reference/countries/fr': () => new Response(null, { status: 204 }),
      'GET /api/admin-panel/reference/countries': () => page([]),
    });
    const { router } = renderApp('/admin/edit-country/fr');
    const u = user();
    expect((await screen.findByRole('button', { name: 'Pays et villes' })).getAttribute('aria-expanded')).toBe('true');
    const nameEn = await screen.findByLabelText(/Nom en anglais/);
    expect((nameEn as HTMLInputElement).value).toBe('France');
    await u.clear(nameEn);
    await u.type(nameEn, 'French Republic');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('L’élément a été modifié.')).toBeTruthy();
    expect(fetch.calls('PUT', '/api/admin-panel/reference/countries/fr')[0].body).toEqual({
      name_fr: 'France',
      name_en: 'French Republic',
      code: 'FR',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/view-country'));
  });

  it('admin menu: one group per list of the spec, country and city together (benefits with the digital products); the current group is open', async () => {
    setup({ 'GET /api/admin-panel/reference/objectives': () => page([]) });
    renderApp('/admin/view-objectives');
    const menu = await screen.findByRole('navigation', { name: 'Menu Administration' });
    const groups = within(menu).getAllByRole('button');
    // The Medicine group (consultants, clients) comes first, then the reference lists.
    expect(groups.map((g) => g.textContent)).toEqual([
      'Médecine',
      'Troubles',
      'Mots-clés',
      'Langues',
      'Nationalités',
      'Objectifs',
      'Spécialisations',
      'Types de réclamation',
      'Pays et villes',
      'Réclamations',
      'Blog',
      'Citations',
      'Produit numérique',
      'Liste d’attente des utilisateurs',
      'Codes promo',
    ]);
    const objectives = groups[5];
    expect(objectives.getAttribute('aria-expanded')).toBe('true');
    expect(groups[1].getAttribute('aria-expanded')).toBe('false');
    const u = user();
    await u.click(groups[8]);
    const list = document.getElementById(groups[8].getAttribute('aria-controls')!)!;
    expect([...list.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/admin/add-country',
      '/admin/view-country',
      '/admin/view-trash-country',
      '/admin/add-city',
      '/admin/view-city',
      '/admin/view-trash-city',
    ]);
  });
});
