import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setRoleStatus } from '@/lib/persisted-state';
import { STORAGE_KEYS } from '@/lib/storage';
import { directoryReferenceHandlers, expertCard, expertPage } from '@/testing/experts';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const user = () => userEvent.setup({ delay: null });
const experts = { 'GET /api/public/experts': () => expertPage([expertCard('e1'), expertCard('e2')]) };

/** A signed-in client (the persisted status the sign-in sets, and the session the server answers). */
const asClient = (handlers: Record<string, StubHandler>) => {
  setRoleStatus('client', true);
  return stubFetch({
    ...directoryReferenceHandlers,
    ...experts,
    'GET /api/client/session': () => json(sessionFor('client')),
    ...handlers,
  });
};

/** A response that waits until `release` is called. */
const deferred = () => {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};

describe('favourites', () => {
  it('sends a visitor to the client sign-in and remembers to come back to the directory', async () => {
    const fetch = stubFetch({ ...directoryReferenceHandlers, ...experts });
    const { router } = renderApp('/our-experts');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Ajouter Dr Inès Roux e1 aux favoris' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/client/sign-in'));
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBe('/our-experts');
    expect(fetch.requests.filter((r) => r.path.startsWith('/api/client/favourites'))).toEqual([]);
  });

  it('marks a favourite for a client at once, before the server answers', async () => {
    const put = deferred();
    let saved: string[] = [];
    const fetch = asClient({
      'GET /api/client/favourites': () => json({ items: saved.map((id) => expertCard(id)) }),
      'PUT /api/client/favourites/e2': async () => {
        const response = await put.promise;
        saved = ['e2'];
        return response;
      },
    });
    renderApp('/our-experts');
    const u = user();
    // The client's heart (its code loads for clients only) has read the favourites.
    await waitFor(() => expect(fetch.calls('GET', '/api/client/favourites')).toHaveLength(1));
    const heart = await screen.findByRole('button', { name: 'Ajouter Dr Inès Roux e2 aux favoris' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await u.click(heart);
    // Optimistic: pressed while the PUT is still in flight.
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(heart.getAttribute('aria-label')).toBe('Retirer Dr Inès Roux e2 des favoris');
    expect(fetch.calls('PUT', '/api/client/favourites/e2')).toHaveLength(1);
    put.release(new Response(null, { status: 204 }));
    expect(await screen.findByText('Dr Inès Roux e2 est dans vos favoris.')).toBeTruthy();
    await waitFor(() => expect(fetch.calls('GET', '/api/client/favourites')).toHaveLength(2));
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Ajouter Dr Inès Roux e1 aux favoris' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('puts the heart back when the server refuses, with its message', async () => {
    const put = deferred();
    asClient({
      'GET /api/client/favourites': () => json({ items: [] }),
      'PUT /api/client/favourites/e1': () => put.promise,
    });
    renderApp('/our-experts');
    const u = user();
    const heart = await screen.findByRole('button', { name: 'Ajouter Dr Inès Roux e1 aux favoris' });
    await u.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    put.release(apiError(404, 'not_found', 'Cet expert n’est plus dans l’annuaire.'));
    expect(await screen.findByText('Cet expert n’est plus dans l’annuaire.')).toBeTruthy();
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
  });

  it('removes a favourite from the detail page with DELETE', async () => {
    let saved = ['e1'];
    const fetch = asClient({
      'GET /api/public/experts/e1': () =>
        json({
          ...expertCard('e1'),
          years_of_experience: 3,
          bio: 'Bio',
          background: null,
          expertise: null,
          video_url: null,
          keywords: [],
          objectives: [],
          degrees: [],
          certificates: [],
        }),
      'GET /api/client/favourites': () => json({ items: saved.map((id) => expertCard(id)) }),
      'DELETE /api/client/favourites/e1': () => {
        saved = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/our-experts/details/e1');
    const u = user();
    const heart = await screen.findByRole('button', { name: 'Retirer Dr Inès Roux e1 des favoris' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await u.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('Dr Inès Roux e1 a été retiré de vos favoris.')).toBeTruthy();
    expect(fetch.calls('DELETE', '/api/client/favourites/e1')).toHaveLength(1);
  });

  it('client favorite page: a menu entry, the cards, and the heart removes one', async () => {
    let saved = ['e1', 'e2'];
    const fetch = asClient({
      'GET /api/client/favourites': () => json({ items: saved.map((id) => expertCard(id)) }),
      'DELETE /api/client/favourites/e1': () => {
        saved = ['e2'];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/client/favorite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes favoris' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Menu Espace client' });
    expect(within(menu).getByRole('link', { name: 'Favoris' }).getAttribute('href')).toBe('/client/favorite');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Retirer Dr Inès Roux e1 des favoris' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Dr Inès Roux e2' })).toBeTruthy();
    expect(fetch.calls('DELETE', '/api/client/favourites/e1')).toHaveLength(1);
  });

  it('client favorite page: says when there is none and links to the directory', async () => {
    asClient({ 'GET /api/client/favourites': () => json({ items: [] }) });
    renderApp('/client/favorite');
    expect(await screen.findByText('Vous n’avez pas encore d’expert favori.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Trouver un expert' }).getAttribute('href')).toBe('/our-experts');
  });
});
