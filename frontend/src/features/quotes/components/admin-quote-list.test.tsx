import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { adminQuote, listOf, QUOTE_ID } from '../testing/quote-fixtures';
import { clipQuote, editQuoteHref, quoteSlug } from './quote-text';
// Loaded up front: the lazy route then resolves at once, even on a busy machine.
import './admin-quote-screens';

const LOADED = { timeout: 10_000 };
const setup = (handlers: Record<string, StubHandler>) =>
  stubFetch({ 'GET /api/admin-panel/session': () => json(sessionFor('admin')), ...handlers });
const user = () => userEvent.setup({ delay: null });
const lastQuery = (fetch: ReturnType<typeof setup>) =>
  Object.fromEntries(fetch.calls('GET', '/api/admin-panel/quotes').at(-1)!.url.searchParams);

const LONG_FR = `Le bonheur n’est pas quelque chose de prêt à l’emploi. ${'Il vient de vos propres actions, jour après jour. '.repeat(5)}`;

describe('admin quote lists (view-quote, view-trash-quote)', () => {
  it('lists quotes: the French text clipped, the author, the date added; searches and pages', async () => {
    const fetch = setup({
      'GET /api/admin-panel/quotes': (request) =>
        request.url.searchParams.get('page') === '2'
          ? json(listOf([adminQuote({ quote_id: 'q21', text_fr: 'Respirez.', author: 'Thich Nhat Hanh' })], 21, 2))
          : json(
              listOf(
                [adminQuote(), adminQuote({ quote_id: 'q2', text_fr: LONG_FR, text_en: 'Happiness…', author: 'Dalaï-lama' })],
                21,
              ),
            ),
    });
    renderApp('/admin/view-quote');
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste des citations' }, LOADED)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Liste des citations' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Texte (français)',
      'Auteur',
      'Ajoutée le',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const first = within(rows[0]).getByRole('rowheader');
    expect(first.textContent).toBe('La paix vient de l’intérieur. Ne la cherchez pas à l’extérieur.');
    expect(first.querySelector('[lang="fr"]')).toBeTruthy();
    expect(within(rows[0]).getByText('Bouddha')).toBeTruthy();
    expect(within(rows[0]).getByText(/2030/)).toBeTruthy();
    const clipped = within(rows[1]).getByRole('rowheader').textContent;
    expect(clipped.endsWith('…')).toBe(true);
    expect([...clipped].length).toBeLessThanOrEqual(121);
    expect(clipped.startsWith('Le bonheur n’est pas quelque chose de prêt à l’emploi.')).toBe(true);
    expect(within(rows[1]).getByText('Dalaï-lama')).toBeTruthy();
    // The spec's address: id, author and a short slug of the French text, url-encoded.
    expect(within(rows[0]).getByRole('link', { name: /^Modifier « La paix vient/ }).getAttribute('href')).toBe(
      `/admin/edit-quote/${QUOTE_ID}/Bouddha/la-paix-vient-de-l-interieur`,
    );
    expect(within(rows[1]).getByRole('link', { name: /^Modifier « Le bonheur/ }).getAttribute('href')).toBe(
      '/admin/edit-quote/q2/Dala%C3%AF-lama/le-bonheur-n-est-pas-quelque',
    );
    expect(screen.getByText('21 citations')).toBeTruthy();
    expect(lastQuery(fetch)).toEqual({ trashed: 'false', page: '1', page_size: '20' });

    const u = user();
    await u.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByRole('rowheader', { name: 'Respirez.' })).toBeTruthy();
    expect(lastQuery(fetch)).toMatchObject({ page: '2' });

    await u.type(screen.getByRole('searchbox', { name: 'Rechercher (auteur ou texte)' }), 'paix');
    await u.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ search: 'paix', trashed: 'false', page: '1', page_size: '20' }));
  });

  it('says when nothing matches a search', async () => {
    setup({ 'GET /api/admin-panel/quotes': () => json(listOf([])) });
    renderApp('/admin/view-quote?search=zen');
    expect(await screen.findByText('Aucune citation ne correspond.', undefined, LOADED)).toBeTruthy();
    expect(screen.getByText('0 citation')).toBeTruthy();
  });

  it('asks before trashing a quote, then trashes it and reads the list again', async () => {
    let trashed = false;
    const fetch = setup({
      'GET /api/admin-panel/quotes': () => json(listOf(trashed ? [] : [adminQuote({ text_fr: 'La paix vient de l’intérieur.' })])),
      [`POST /api/admin-panel/quotes/${QUOTE_ID}/trash`]: () => {
        trashed = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/view-quote');
    const u = user();
    const trashButton = await screen.findByRole(
      'button',
      { name: 'Mettre à la corbeille « La paix vient de l’intérieur. »' },
      LOADED,
    );
    await u.click(trashButton);
    const dialog = screen.getByRole('dialog', { name: 'Mettre cette citation à la corbeille ?' });
    expect(
      within(dialog).getByText('« La paix vient de l’intérieur. » (Bouddha) quittera la page d’accueil. Vous pourrez la restaurer depuis la corbeille.'),
    ).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.calls('POST', `/api/admin-panel/quotes/${QUOTE_ID}/trash`)).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(trashButton));

    await u.click(trashButton);
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mettre à la corbeille' }));
    const message = await screen.findByText('« La paix vient de l’intérieur. » a été mise à la corbeille.');
    expect(message.closest('[role="status"]')).toBeTruthy();
    expect(await screen.findByText('Aucune citation pour le moment.')).toBeTruthy();
    expect(fetch.calls('POST', `/api/admin-panel/quotes/${QUOTE_ID}/trash`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('view-trash-quote lists trashed quotes with the date they left, and restores one', async () => {
    let restored = false;
    const fetch = setup({
      'GET /api/admin-panel/quotes': () =>
        json(listOf(restored ? [] : [adminQuote({ text_fr: 'Respirez.', trashed_at: '2031-03-05T09:30:00Z' })])),
      [`POST /api/admin-panel/quotes/${QUOTE_ID}/restore`]: () => {
        restored = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/view-trash-quote');
    expect(await screen.findByRole('heading', { level: 1, name: 'Corbeille des citations' }, LOADED)).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: 'Mise à la corbeille le' })).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText(/2031/)).toBeTruthy();
    expect(lastQuery(fetch).trashed).toBe('true');
    expect(screen.queryByRole('link', { name: /^Modifier/ })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Restaurer « Respirez. »' }));
    expect(await screen.findByText('« Respirez. » a été restaurée.')).toBeTruthy();
    expect(await screen.findByText('La corbeille est vide.')).toBeTruthy();
    expect(fetch.calls('POST', `/api/admin-panel/quotes/${QUOTE_ID}/restore`)).toHaveLength(1);
  });

  it('admin menu: a Citations group with add, list and trash; the edit page opens it', async () => {
    setup({ [`GET /api/admin-panel/quotes/${QUOTE_ID}`]: () => json(adminQuote()) });
    renderApp(`/admin/edit-quote/${QUOTE_ID}/Bouddha/la-paix`);
    const menu = await screen.findByRole('navigation', { name: 'Menu Administration' }, LOADED);
    const quotes = within(menu).getByRole('button', { name: 'Citations' });
    expect(quotes.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(quotes.getAttribute('aria-controls')!)!;
    expect([...list.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Ajouter une citation', '/admin/add-quote'],
      ['Liste des citations', '/admin/view-quote'],
      ['Corbeille des citations', '/admin/view-trash-quote'],
    ]);
  });
});

describe('quote addresses and clipping', () => {
  it('makes a short slug of the French text, accents and ligatures spelled out', () => {
    expect(quoteSlug('La paix vient de l’intérieur. Ne la cherchez pas à l’extérieur.')).toBe('la-paix-vient-de-l-interieur');
    expect(quoteSlug('« Œuvrez avec le cœur » !')).toBe('oeuvrez-avec-le-coeur');
    // Whole words, at most 48 characters; a single longer word is cut.
    expect(quoteSlug('Anticonstitutionnellement, anticonstitutionnellement !')).toBe('anticonstitutionnellement');
    expect(quoteSlug('z'.repeat(60))).toBe('z'.repeat(48));
    expect(quoteSlug('静かに')).toBe('citation');
  });

  it('encodes the author and never makes a dot segment', () => {
    expect(editQuoteHref({ quote_id: 'q1', author: 'Lao Tseu / Laozi', text_fr: 'Un voyage de mille lieues' })).toBe(
      '/admin/edit-quote/q1/Lao%20Tseu%20%2F%20Laozi/un-voyage-de-mille-lieues',
    );
    expect(editQuoteHref({ quote_id: 'q1', author: '..', text_fr: 'Paix' })).toBe('/admin/edit-quote/q1/auteur/paix');
  });

  it('clips a quote on one line after a whole word', () => {
    expect(clipQuote('Court.', 60)).toBe('Court.');
    expect(clipQuote('Une ligne\net une autre', 60)).toBe('Une ligne et une autre');
    expect(clipQuote('Le bonheur est une direction, pas une destination.', 30)).toBe('Le bonheur est une direction…');
  });
});
