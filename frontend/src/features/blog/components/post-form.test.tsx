import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { localInputToUtc } from '@/lib/local-datetime';
import { parseTags, toBlogPostBody, blogFormValues } from '../api/blog-post-form';
import type { BlogPostBody } from '../api/types';
import { adminPost, EXPERT_ID, listOf } from '../testing/blog-fixtures';
// Loaded up front: the lazy route then resolves at once, even on a busy machine.
import './admin-blog-screens';

const LOADED = { timeout: 10_000 };
const REQUIRED = 'Ce champ est obligatoire.';

const setup = (handlers: Record<string, StubHandler> = {}) =>
  stubFetch({
    'GET /api/admin-panel/session': () => json(sessionFor('admin')),
    'GET /api/admin-panel/blog-posts': () => json(listOf([])),
    ...handlers,
  });
const user = () => userEvent.setup({ delay: null });

const group = (name: string) => screen.getByRole('group', { name });
const french = () => group('Français');
const english = () => group('Anglais');

/** Fills the required fields of both versions. */
const fillVersions = async (u: UserEvent) => {
  await u.type(within(french()).getByLabelText(/^Titre/), 'Bien dormir');
  await u.type(within(french()).getByLabelText(/^Texte/), 'Dormez bien.');
  await u.type(within(french()).getByLabelText(/^Mots-clés/), 'sommeil, stress, sommeil');
  await u.type(within(english()).getByLabelText(/^Titre/), 'Sleeping well');
  await u.type(within(english()).getByLabelText(/^Texte/), 'Sleep well.');
};

const openForm = async () => {
  renderApp('/admin/add-blog');
  await screen.findByRole('group', { name: 'Français' }, LOADED);
};

const sentBody = (fetch: ReturnType<typeof setup>, method = 'POST', path = '/api/admin-panel/blog-posts') =>
  fetch.calls(method, path)[0]?.body as BlogPostBody | undefined;

describe('admin blog form (add-blog, edit-blog)', () => {
  it('checks the bounds before sending: required fields, title length, slug letters, tags', async () => {
    const fetch = setup();
    await openForm();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Créer l’article' }));
    // Title and body, in both languages.
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(4);
    await waitFor(() => expect(document.activeElement).toBe(within(french()).getByLabelText(/^Titre/)));

    fireEvent.change(within(french()).getByLabelText(/^Titre/), { target: { value: 'a'.repeat(151) } });
    await u.type(within(french()).getByLabelText(/^Adresse/), 'Bien Dormir');
    await u.type(
      within(french()).getByLabelText(/^Mots-clés/),
      'un, deux, trois, quatre, cinq, six, sept, huit, neuf',
    );
    await u.type(within(english()).getByLabelText(/^Mots-clés/), `sleep, ${'z'.repeat(41)}`);
    await u.click(screen.getByRole('button', { name: 'Créer l’article' }));
    expect(await screen.findByText('Le titre doit comporter au plus 150 caractères.')).toBeTruthy();
    expect(
      screen.getByText('Utilisez seulement des lettres minuscules sans accents, des chiffres et des tirets.'),
    ).toBeTruthy();
    expect(within(french()).getByText('8 mots-clés au plus.')).toBeTruthy();
    expect(within(english()).getByText('Chaque mot-clé doit comporter au plus 40 caractères.')).toBeTruthy();
    expect(within(french()).getByLabelText(/^Adresse/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch.calls('POST', '/api/admin-panel/blog-posts')).toHaveLength(0);
  });

  it('creates a draft with an expert author and a cover, then goes back to the list with a message', async () => {
    const fetch = setup({
      'GET /api/admin-panel/consultants': (request) =>
        json(
          listOf(
            request.url.searchParams.get('search') === 'dup'
              ? [{ id: EXPERT_ID, given_name: 'Jeanne', family_name: 'Dupont', email: 'jeanne@example.org', profession: 'Naturopathe' }]
              : [],
          ),
        ),
      'POST /api/admin-panel/files': () =>
        json({ key: 'subjects/admin/c1.png', content_type: 'image/png', size: 2048, name: 'blog_cover.png' }, { status: 201 }),
      'POST /api/admin-panel/blog-posts': () => json({ id: 'p9' }, { status: 201 }),
    });
    const { router } = renderApp('/admin/add-blog');
    await screen.findByRole('group', { name: 'Français' }, LOADED);
    const u = user();
    await fillVersions(u);

    await u.click(within(group('Auteur')).getByRole('radio', { name: 'Un expert' }));
    const picker = await screen.findByRole('combobox', { name: /Expert/ });
    await u.type(picker, 'dup');
    await waitFor(() =>
      expect(
        fetch.calls('GET', '/api/admin-panel/consultants').some((r) => r.url.searchParams.get('search') === 'dup'),
      ).toBe(true),
    );
    const query = fetch.calls('GET', '/api/admin-panel/consultants').at(-1)!.url.searchParams;
    expect(query.get('status')).toBe('approved');
    expect(query.get('page_size')).toBe('20');
    await u.click(await screen.findByRole('option', { name: /Jeanne Dupont/ }));
    expect((picker as HTMLInputElement).value).toBe('Jeanne Dupont');

    await u.upload(screen.getByLabelText('Image de couverture'), new File(['png'], 'couverture.png', { type: 'image/png' }));
    const preview = await screen.findByRole('img', { name: 'Aperçu de l’image de couverture' });
    expect(preview.getAttribute('src')).toBe('/api/admin-panel/files/subjects/admin/c1.png');
    const upload = fetch.calls('POST', '/api/admin-panel/files')[0];
    expect(upload.url.searchParams.get('kind')).toBe('blog_cover');

    expect(within(group('Publication')).getByRole('radio', { name: 'Brouillon' })).toHaveProperty('checked', true);
    await u.click(screen.getByRole('button', { name: 'Créer l’article' }));
    expect(await screen.findByText('L’article a été créé.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/view-blog'));
    expect(sentBody(fetch)).toEqual({
      fr: { title: 'Bien dormir', slug: '', body: 'Dormez bien.', tags: ['sommeil', 'stress'] },
      en: { title: 'Sleeping well', slug: '', body: 'Sleep well.', tags: [] },
      author: { kind: 'expert', consultant_id: EXPERT_ID },
      cover: 'subjects/admin/c1.png',
      publish_at: null,
    });
  });

  it('“Publish now” sends the time of sending, in UTC', async () => {
    const fetch = setup({ 'POST /api/admin-panel/blog-posts': () => json({ id: 'p9' }, { status: 201 }) });
    await openForm();
    const u = user();
    await fillVersions(u);
    await u.click(screen.getByRole('radio', { name: 'Publier maintenant' }));
    const before = Date.now();
    await u.click(screen.getByRole('button', { name: 'Créer l’article' }));
    await waitFor(() => expect(sentBody(fetch)).toBeDefined());
    const at = sentBody(fetch)!.publish_at!;
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Math.abs(new Date(at).getTime() - before)).toBeLessThan(60_000);
    expect(sentBody(fetch)!.author).toEqual({ kind: 'editorial' });
    expect(sentBody(fetch)!.cover).toBeNull();
  });

  it('“Schedule” reads the time in the browser’s zone, refuses a past one and sends RFC 3339 UTC', async () => {
    const fetch = setup({ 'POST /api/admin-panel/blog-posts': () => json({ id: 'p9' }, { status: 201 }) });
    await openForm();
    const u = user();
    await fillVersions(u);
    await u.click(screen.getByRole('radio', { name: 'Programmer' }));
    const when = screen.getByLabelText(/Date et heure de publication/);
    expect(screen.getByText(/À l’heure de cet appareil/)).toBeTruthy();
    fireEvent.change(when, { target: { value: '2001-01-01T09:00' } });
    await u.click(screen.getByRole('button', { name: 'Créer l’article' }));
    expect(await screen.findByText('Choisissez une date à venir (ou « Publier maintenant »).')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/blog-posts')).toHaveLength(0);

    const next = new Date().getFullYear() + 1;
    fireEvent.change(when, { target: { value: `${next}-12-01T09:30` } });
    await u.click(screen.getByRole('button', { name: 'Créer l’article' }));
    await waitFor(() => expect(sentBody(fetch)).toBeDefined());
    expect(sentBody(fetch)!.publish_at).toBe(new Date(next, 11, 1, 9, 30).toISOString().replace('.000Z', 'Z'));
  });

  it('puts the server’s dotted field errors on their fields', async () => {
    const fetch = setup({
      'POST /api/admin-panel/blog-posts': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          'fr.title': 'Titre refusé.',
          'en.slug': 'Cette adresse est déjà prise.',
          'fr.tags': 'Mot-clé refusé.',
          publish_at: 'Date hors limites.',
        }),
    });
    await openForm();
    const u = user();
    await fillVersions(u);
    await u.click(screen.getByRole('button', { name: 'Créer l’article' }));
    expect(await within(french()).findByText('Titre refusé.')).toBeTruthy();
    expect(within(french()).getByLabelText(/^Titre/).getAttribute('aria-invalid')).toBe('true');
    expect(within(french()).getByText('Mot-clé refusé.')).toBeTruthy();
    expect(within(english()).getByText('Cette adresse est déjà prise.')).toBeTruthy();
    expect(within(english()).getByLabelText(/^Adresse/).getAttribute('aria-invalid')).toBe('true');
    expect(within(english()).queryByText('Titre refusé.')).toBeNull();
    // The draft shows no time field: the date's refusal is said under the choices.
    expect(within(group('Publication')).getByText('Date hors limites.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/blog-posts')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(within(french()).getByLabelText(/^Titre/)));
  });

  it('previews the Markdown as the server renders it', async () => {
    const fetch = setup({
      'POST /api/admin-panel/blog-preview': () => json({ html: '<h2>Le sommeil</h2><p><strong>Dormez</strong>.</p>' }),
    });
    await openForm();
    const u = user();
    await u.type(within(french()).getByLabelText(/^Texte/), '## Le sommeil{enter}{enter}**Dormez**.');
    const toggle = within(french()).getByRole('button', { name: 'Aperçu (Français)' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await u.click(toggle);
    const preview = await screen.findByRole('region', { name: 'Aperçu du texte (Français)' });
    expect(await within(preview).findByRole('heading', { level: 2, name: 'Le sommeil' })).toBeTruthy();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(fetch.calls('POST', '/api/admin-panel/blog-preview')[0].body).toEqual({ body: '## Le sommeil\n\n**Dormez**.' });
    await u.click(toggle);
    expect(screen.queryByRole('region', { name: 'Aperçu du texte (Français)' })).toBeNull();
  });

  it('edits a saved post: every field filled in, PUT, and a published post keeps its date', async () => {
    const published = adminPost({
      status: 'published',
      publish_at: '2030-03-01T08:00:00Z',
      published_at: '2030-03-01T08:00:00Z',
      author: { kind: 'editorial' },
    });
    const fetch = setup({
      'GET /api/admin-panel/blog-posts/p1': () => json(published),
      'PUT /api/admin-panel/blog-posts/p1': () => json({ id: 'p1' }),
    });
    const { router } = renderApp('/admin/edit-blog/p1');
    const title = await within(await screen.findByRole('group', { name: 'Français' }, LOADED)).findByLabelText(/^Titre/);
    expect((title as HTMLInputElement).value).toBe('Bien dormir');
    expect(within(french()).getByLabelText<HTMLInputElement>(/^Mots-clés/).value).toBe('sommeil, stress');
    expect(within(english()).getByLabelText<HTMLInputElement>(/^Adresse/).value).toBe('sleeping-well');
    expect(screen.getByRole('img', { name: 'Aperçu de l’image de couverture' }).getAttribute('src')).toBe(
      '/api/admin-panel/files/subjects/admin/cover.jpg',
    );
    expect(screen.getByRole('radio', { name: /Laisser publié \(depuis le 1 mars 2030/ })).toHaveProperty('checked', true);
    expect(screen.queryByRole('radio', { name: 'Publier maintenant' })).toBeNull();

    const u = user();
    await u.clear(title);
    await u.type(title, 'Mieux dormir');
    await u.click(screen.getByRole('button', { name: 'Retirer l’image' }));
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('L’article a été enregistré.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/view-blog'));
    const body = sentBody(fetch, 'PUT', '/api/admin-panel/blog-posts/p1')!;
    expect(body.fr.title).toBe('Mieux dormir');
    expect(body.fr.slug).toBe('bien-dormir');
    expect(body.cover).toBeNull();
    expect(body.publish_at).toBe('2030-03-01T08:00:00Z');
  });

  it('edits a scheduled post: its time is shown in the browser’s zone', async () => {
    setup({ 'GET /api/admin-panel/blog-posts/p1': () => json(adminPost()) });
    renderApp('/admin/edit-blog/p1');
    const when = await screen.findByLabelText(/Date et heure de publication/, undefined, LOADED);
    expect(localInputToUtc((when as HTMLInputElement).value)).toBe('2099-06-01T08:00:00Z');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Expert/ }).value).toBe('Dr Jeanne Dupont');
  });
});

describe('blog form values', () => {
  it('reads tags from commas, without blanks or repeats', () => {
    expect(parseTags(' sommeil, Stress,, stress ,respiration ')).toEqual(['sommeil', 'Stress', 'respiration']);
  });

  it('turns each publication choice into publish_at', () => {
    const now = new Date('2030-05-04T10:11:12.345Z');
    const values = blogFormValues();
    expect(toBlogPostBody({ ...values, publish: 'draft' }, now).publish_at).toBeNull();
    expect(toBlogPostBody({ ...values, publish: 'now' }, now).publish_at).toBe('2030-05-04T10:11:12Z');
    expect(toBlogPostBody({ ...values, publish: 'schedule', publish_local: '2030-06-01T09:00' }, now).publish_at).toBe(
      new Date(2030, 5, 1, 9, 0).toISOString().replace('.000Z', 'Z'),
    );
    const saved = adminPost({ status: 'published', publish_at: '2030-01-01T07:00:00Z', published_at: '2030-01-01T07:00:00Z' });
    expect(toBlogPostBody({ ...blogFormValues(saved), publish: 'keep' }, now, saved).publish_at).toBe('2030-01-01T07:00:00Z');
    expect(localInputToUtc('2030-02-30T09:00')).toBeNull();
  });
});
