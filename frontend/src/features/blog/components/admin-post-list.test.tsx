import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { adminRow, EXPERT_ID, listOf } from '../testing/blog-fixtures';
// Loaded up front: the lazy route then resolves at once, even on a busy machine.
import './admin-blog-screens';

const LOADED = { timeout: 10_000 };
const setup = (handlers: Record<string, StubHandler>) =>
  stubFetch({ 'GET /api/admin-panel/session': () => json(sessionFor('admin')), ...handlers });
const user = () => userEvent.setup({ delay: null });
const lastQuery = (fetch: ReturnType<typeof setup>) =>
  Object.fromEntries(fetch.calls('GET', '/api/admin-panel/blog-posts').at(-1)!.url.searchParams);

describe('admin blog lists (view-blog, view-trash-blog)', () => {
  it('lists posts with their status, date and author; searches, filters by status and pages', async () => {
    const fetch = setup({
      'GET /api/admin-panel/blog-posts': (request) =>
        request.url.searchParams.get('page') === '2'
          ? json(listOf([adminRow({ id: 'p21', title_fr: 'Respirer', title_en: 'Breathing' })], 21, 2))
          : json(
              listOf(
                [
                  adminRow(),
                  adminRow({
                    id: 'p2',
                    title_fr: 'Le yoga du matin',
                    title_en: 'Morning yoga',
                    status: 'draft',
                    publish_at: null,
                    published_at: null,
                    author: { kind: 'expert', consultant_id: EXPERT_ID, name: 'Dr Jeanne Dupont', listed: true },
                  }),
                ],
                21,
              ),
            ),
    });
    renderApp('/admin/view-blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste des articles' }, LOADED)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Liste des articles' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByRole('rowheader').textContent).toBe('Bien dormirSleeping well');
    expect(within(rows[0]).getByText('Publié')).toBeTruthy();
    expect(within(rows[0]).getByText('Équipe éditoriale')).toBeTruthy();
    expect(within(rows[0]).getByText(/2030/)).toBeTruthy();
    expect(within(rows[1]).getByText('Brouillon')).toBeTruthy();
    expect(within(rows[1]).getByText('Dr Jeanne Dupont')).toBeTruthy();
    expect(within(rows[1]).getByText('—')).toBeTruthy();
    expect(within(rows[0]).getByRole('link', { name: 'Modifier « Bien dormir »' }).getAttribute('href')).toBe(
      '/admin/edit-blog/p1',
    );
    expect(screen.getByText('21 articles')).toBeTruthy();
    expect(lastQuery(fetch)).toEqual({ trashed: 'false', page: '1', page_size: '20' });

    const u = user();
    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByRole('rowheader', { name: /Respirer/ })).toBeTruthy();

    await u.selectOptions(screen.getByLabelText('Statut'), 'scheduled');
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ status: 'scheduled', page: '1' }));
    await u.type(screen.getByRole('searchbox', { name: 'Rechercher (titre)' }), 'sommeil');
    await u.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ search: 'sommeil', status: 'scheduled', page: '1' }));
  });

  it('asks before trashing a post, then trashes it and reads the list again', async () => {
    let trashed = false;
    const fetch = setup({
      'GET /api/admin-panel/blog-posts': () => json(listOf(trashed ? [] : [adminRow()])),
      'POST /api/admin-panel/blog-posts/p1/trash': () => {
        trashed = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/view-blog');
    const u = user();
    const trashButton = await screen.findByRole('button', { name: 'Mettre à la corbeille « Bien dormir »' }, LOADED);
    await u.click(trashButton);
    const dialog = screen.getByRole('dialog', { name: 'Mettre cet article à la corbeille ?' });
    expect(within(dialog).getByText(/« Bien dormir » quittera le blog public/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.calls('POST', '/api/admin-panel/blog-posts/p1/trash')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(trashButton));

    await u.click(trashButton);
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mettre à la corbeille' }));
    const message = await screen.findByText('« Bien dormir » a été mis à la corbeille.');
    expect(message.closest('[role="status"]')).toBeTruthy();
    expect(await screen.findByText('Aucun article pour le moment.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/blog-posts/p1/trash')).toHaveLength(1);
  });

  it('view-trash lists trashed posts and restores one', async () => {
    let restored = false;
    const fetch = setup({
      'GET /api/admin-panel/blog-posts': () =>
        json(listOf(restored ? [] : [adminRow({ status: 'scheduled', trashed_at: '2030-03-05T09:30:00Z' })])),
      'POST /api/admin-panel/blog-posts/p1/restore': () => {
        restored = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/view-trash-blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Corbeille des articles' }, LOADED)).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: 'Mis à la corbeille le' })).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText('Programmé')).toBeTruthy();
    expect(lastQuery(fetch).trashed).toBe('true');
    await user().click(screen.getByRole('button', { name: 'Restaurer « Bien dormir »' }));
    expect(await screen.findByText('« Bien dormir » a été restauré.')).toBeTruthy();
    expect(await screen.findByText('La corbeille est vide.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/blog-posts/p1/restore')).toHaveLength(1);
  });

  it('admin menu: a Blog group with add, list and trash; the edit page opens it', async () => {
    setup({ 'GET /api/admin-panel/blog-posts/p1': () => json({}) });
    renderApp('/admin/edit-blog/p1');
    const menu = await screen.findByRole('navigation', { name: 'Menu Administration' }, LOADED);
    const blog = within(menu).getByRole('button', { name: 'Blog' });
    expect(blog.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(blog.getAttribute('aria-controls')!)!;
    expect([...list.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Ajouter un article', '/admin/add-blog'],
      ['Liste des articles', '/admin/view-blog'],
      ['Corbeille des articles', '/admin/view-trash-blog'],
    ]);
  });
});
