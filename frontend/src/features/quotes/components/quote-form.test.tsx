import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { QuoteBody } from '../api/types';
import { adminQuote, listOf, QUOTE_ID } from '../testing/quote-fixtures';
// Loaded up front: the lazy route then resolves at once, even on a busy machine.
import './admin-quote-screens';

const LOADED = { timeout: 10_000 };
const REQUIRED = 'Ce champ est obligatoire.';
const EDIT = `/admin/edit-quote/${QUOTE_ID}/Bouddha/la-paix-vient-de-l-interieur`;

const setup = (handlers: Record<string, StubHandler> = {}) =>
  stubFetch({
    'GET /api/admin-panel/session': () => json(sessionFor('admin')),
    'GET /api/admin-panel/quotes': () => json(listOf([])),
    ...handlers,
  });
const user = () => userEvent.setup({ delay: null });

const frenchText = () => screen.getByLabelText<HTMLTextAreaElement>(/^Texte en français/);
const englishText = () => screen.getByLabelText<HTMLTextAreaElement>(/^Texte en anglais/);
const author = () => screen.getByLabelText<HTMLInputElement>(/^Auteur/);
/** The texts a control is described by (its hint, then its error). */
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

const openAdd = async () => {
  const view = renderApp('/admin/add-quote');
  await screen.findByLabelText(/^Texte en français/, undefined, LOADED);
  return view;
};

const fill = async (u: UserEvent) => {
  await u.type(frenchText(), '  La paix vient de l’intérieur.{enter}Ne la cherchez pas à l’extérieur.  ');
  await u.type(englishText(), 'Peace comes from within.');
  await u.type(author(), ' Bouddha ');
};

const sent = (fetch: ReturnType<typeof setup>, method: string, path: string) =>
  fetch.calls(method, path)[0]?.body as QuoteBody | undefined;

describe('admin quote form (add-quote, edit-quote)', () => {
  it('checks the bounds before sending: every field required, texts of 400 characters, author of 100', async () => {
    const fetch = setup();
    await openAdd();
    expect(screen.getByRole('heading', { level: 1, name: 'Ajouter une citation' })).toBeTruthy();
    expect(frenchText().getAttribute('lang')).toBe('fr');
    expect(englishText().getAttribute('lang')).toBe('en');
    expect(description(frenchText())).toEqual(['0 / 400 caractères']);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Ajouter la citation' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toBe(frenchText()));
    // Spaces alone are no text.
    await u.type(author(), '   ');
    await u.click(screen.getByRole('button', { name: 'Ajouter la citation' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(3);

    // The counter counts characters as the server does (an emoji is one), spaces around left out.
    fireEvent.change(frenchText(), { target: { value: `${'é'.repeat(399)}🌿 ` } });
    await waitFor(() => expect(description(frenchText())).toEqual(['400 / 400 caractères']));
    fireEvent.change(englishText(), { target: { value: 'a'.repeat(401) } });
    fireEvent.change(author(), { target: { value: 'b'.repeat(101) } });
    await u.click(screen.getByRole('button', { name: 'Ajouter la citation' }));
    expect(await screen.findByText('Le texte doit comporter au plus 400 caractères.')).toBeTruthy();
    expect(description(englishText())).toEqual(['401 / 400 caractères', 'Le texte doit comporter au plus 400 caractères.']);
    expect(englishText().getAttribute('aria-invalid')).toBe('true');
    expect(frenchText().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Le nom de l’auteur doit comporter au plus 100 caractères.')).toBeTruthy();
    expect(author().getAttribute('aria-invalid')).toBe('true');
    expect(fetch.calls('POST', '/api/admin-panel/quotes')).toHaveLength(0);
  });

  it('adds a quote (trimmed, line breaks kept), then goes back to the list with a message', async () => {
    const fetch = setup({ 'POST /api/admin-panel/quotes': () => json({ id: QUOTE_ID }, { status: 201 }) });
    const { router } = await openAdd();
    const u = user();
    await fill(u);
    expect(description(englishText())).toEqual(['24 / 400 caractères']);
    await u.click(screen.getByRole('button', { name: 'Ajouter la citation' }));
    expect(await screen.findByText('La citation a été ajoutée.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/view-quote'));
    expect(sent(fetch, 'POST', '/api/admin-panel/quotes')).toEqual({
      text_fr: 'La paix vient de l’intérieur.\nNe la cherchez pas à l’extérieur.',
      text_en: 'Peace comes from within.',
      author: 'Bouddha',
    });
  });

  it('puts the server’s field errors on their fields', async () => {
    const fetch = setup({
      'POST /api/admin-panel/quotes': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          text_fr: 'Texte français refusé.',
          text_en: 'Texte anglais refusé.',
          author: 'Caractère non autorisé.',
        }),
    });
    const { router } = await openAdd();
    const u = user();
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Ajouter la citation' }));
    expect(await screen.findByText('Texte français refusé.')).toBeTruthy();
    expect(description(frenchText())).toContain('Texte français refusé.');
    expect(description(englishText())).toContain('Texte anglais refusé.');
    expect(description(author())).toContain('Caractère non autorisé.');
    expect(author().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(frenchText()));
    expect(router.state.location.pathname).toBe('/admin/add-quote');
    expect(fetch.calls('POST', '/api/admin-panel/quotes')).toHaveLength(1);
  });

  it('edits a quote read by its id: fields filled in, PUT, back to the list', async () => {
    const fetch = setup({
      [`GET /api/admin-panel/quotes/${QUOTE_ID}`]: () => json(adminQuote()),
      [`PUT /api/admin-panel/quotes/${QUOTE_ID}`]: () => json({ id: QUOTE_ID }),
    });
    const { router } = renderApp(EDIT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifier une citation' }, LOADED)).toBeTruthy();
    await waitFor(() => expect(frenchText().value).toBe('La paix vient de l’intérieur. Ne la cherchez pas à l’extérieur.'));
    expect(englishText().value).toBe('Peace comes from within. Do not seek it without.');
    expect(author().value).toBe('Bouddha');
    expect(description(frenchText())).toEqual(['63 / 400 caractères']);

    const u = user();
    await u.clear(author());
    await u.type(author(), 'Siddhartha Gautama');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La citation a été enregistrée.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/view-quote'));
    expect(sent(fetch, 'PUT', `/api/admin-panel/quotes/${QUOTE_ID}`)).toEqual({
      text_fr: 'La paix vient de l’intérieur. Ne la cherchez pas à l’extérieur.',
      text_en: 'Peace comes from within. Do not seek it without.',
      author: 'Siddhartha Gautama',
    });
    expect(fetch.calls('POST', '/api/admin-panel/quotes')).toHaveLength(0);
  });

  it('says so when the quote was trashed meanwhile (409 quote_trashed), keeping what was typed', async () => {
    setup({
      [`GET /api/admin-panel/quotes/${QUOTE_ID}`]: () => json(adminQuote()),
      [`PUT /api/admin-panel/quotes/${QUOTE_ID}`]: () =>
        apiError(409, 'quote_trashed', 'Cette citation est à la corbeille.'),
    });
    const { router } = renderApp(EDIT);
    await screen.findByLabelText(/^Texte en français/, undefined, LOADED);
    await waitFor(() => expect(author().value).toBe('Bouddha'));
    const u = user();
    await u.type(author(), ' (le Bouddha)');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Cette citation est à la corbeille : restaurez-la pour la modifier. Corbeille des citations');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/admin/view-trash-quote');
    expect(author().value).toBe('Bouddha (le Bouddha)');
    expect(router.state.location.pathname).toBe(EDIT);
  });

  it('shows a trashed quote’s state instead of its form, and the server’s word for an unknown one', async () => {
    setup({
      [`GET /api/admin-panel/quotes/${QUOTE_ID}`]: () => json(adminQuote({ trashed_at: '2031-01-01T00:00:00Z' })),
      'GET /api/admin-panel/quotes/unknown': () => apiError(404, 'not_found', 'Introuvable.'),
    });
    const { unmount } = renderApp(EDIT);
    const notice = await screen.findByText(/Cette citation est à la corbeille/, undefined, LOADED);
    expect(notice.getAttribute('role')).toBe('status');
    expect(within(notice).getByRole('link', { name: 'Corbeille des citations' }).getAttribute('href')).toBe(
      '/admin/view-trash-quote',
    );
    expect(screen.queryByLabelText(/^Texte en français/)).toBeNull();
    unmount();

    renderApp('/admin/edit-quote/unknown/Bouddha/paix');
    expect((await screen.findByText('Introuvable.', undefined, LOADED)).getAttribute('role')).toBe('alert');
  });
});
