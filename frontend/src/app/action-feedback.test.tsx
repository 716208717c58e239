import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminRow, listOf } from '@/features/blog/testing/blog-fixtures';
import { bookingRow } from '@/features/booking/testing/booking-fixtures';
import { savedAssessment } from '@/features/client-file/testing/client-file-fixtures';
import { fillComplaintForm, ownBooking, TYPE } from '@/features/complaints/testing/complaint-fixtures';
import { adminQuote, QUOTE_ID } from '@/features/quotes/testing/quote-fixtures';
import { adminLegalVersion, adminSitePage, scheduledVersion } from '@/features/site/testing/site-fixtures';
import { ACTION_FORMS, MUTATION_FACTORIES, type ActionForm } from '@/config/action-forms';
import { setRoleStatus } from '@/lib/persisted-state';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

/**
 * Issue 12 "Every action answered": every mutation hook of the app belongs to a listed form
 * (src/config/action-forms.ts), and each walked form shows progress, cannot be sent twice, and
 * announces its success (`role="status"`) and a refusal (`role="alert"`).
 */

const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const testFiles = Object.keys(import.meta.glob('/src/**/*.test.{ts,tsx}'));

/** Hooks (`use…`, exported or module-local) with their source text, up to the next one. */
const exportedHooks = () =>
  Object.entries(sources).flatMap(([file, text]) => {
    const starts = [...text.matchAll(/^(?:export )?(?:const|function) (use[A-Z]\w*)/gm)];
    return starts.map((match, k) => ({
      file,
      name: match[1],
      body: text.slice(match.index + match[0].length, starts[k + 1]?.index),
    }));
  });

/** Hooks that call `useMutation`, or (transitively) a hook that does. */
export const mutationHooks = () => {
  const hooks = exportedHooks();
  const found = new Set(hooks.filter((hook) => /\buseMutation\(/.test(hook.body)).map((hook) => hook.name));
  let grew = true;
  while (grew) {
    grew = false;
    for (const hook of hooks) {
      if (found.has(hook.name)) continue;
      if ([...found].some((name) => new RegExp(`\\b${name}\\b\\s*[<(]`).test(hook.body))) {
        found.add(hook.name);
        grew = true;
      }
    }
  }
  return [...found].sort();
};

type Fixture = {
  stubs: Record<string, StubHandler>;
  role?: 'client' | 'consultant' | 'admin';
  /** The request the form sends, "METHOD /path", and its successful answer. */
  request: string;
  ok: () => Response;
  fill: (u: ReturnType<typeof userEvent.setup>) => Promise<void>;
  submit: string;
  success: RegExp;
};

const fillPasswords = async (u: ReturnType<typeof userEvent.setup>) => {
  await u.type(await screen.findByLabelText(/Mot de passe actuel/), 'my old password!');
  await u.type(screen.getByLabelText(/^Nouveau mot de passe/), 'a brand new password');
  await u.type(screen.getByLabelText(/Confirmez/), 'a brand new password');
};

const FIXTURES: Record<string, Fixture> = {
  'public.forgot-password': {
    stubs: {},
    request: 'POST /api/consultant/forgot-password',
    ok: () => new Response(null, { status: 202 }),
    fill: async (u) => u.type(await screen.findByLabelText(/E-mail/), 'nobody@example.org'),
    submit: 'Envoyer le lien',
    success: /Si un compte existe pour cette adresse/,
  },
  'public.contact': {
    stubs: {},
    request: 'POST /api/public/contact-messages',
    ok: () => json({ received: true }, { status: 202 }),
    fill: async (u) => {
      await u.type(await screen.findByLabelText(/^Nom/), 'Léa Petit');
      await u.type(screen.getByLabelText(/^E-mail/), 'lea@example.org');
      await u.type(screen.getByLabelText(/^Objet/), 'Partenariat');
      await u.type(screen.getByLabelText(/^Message/), 'Bonjour.');
    },
    submit: 'Envoyer le message',
    success: /^Merci, votre message a bien été envoyé\./,
  },
  'area.change-password': {
    role: 'client',
    stubs: {},
    request: 'POST /api/client/change-password',
    ok: () => new Response(null, { status: 204 }),
    fill: fillPasswords,
    submit: 'Changer le mot de passe',
    success: /Votre mot de passe a été modifié/,
  },
  'consultant.timings': {
    role: 'consultant',
    stubs: {
      'GET /api/consultant/timings': () =>
        json({ timezone: 'Europe/Paris', duration_minutes: 50, rules: [{ weekday: 'monday', shift: 'morning' }], days_off: [] }),
      'GET /api/consultant/profile': () => json({ status: 'submitted' }),
    },
    request: 'PUT /api/consultant/timings',
    ok: () => new Response(null, { status: 204 }),
    fill: async () => {
      await screen.findByRole('group', { name: 'Mercredi' });
    },
    submit: 'Enregistrer mes disponibilités',
    success: /Disponibilités enregistrées/,
  },
  'consultant.recommended-products': {
    role: 'consultant',
    stubs: {
      'GET /api/consultant/recommended-products': () =>
        json({
          items: [
            { id: 'c1', kind: 'herb', name_fr: 'Tulsi', name_en: 'Holy basil', latin_name: '', excerpt_fr: 'x', excerpt_en: 'x', benefits: [], image_url: null },
          ],
        }),
      'GET /api/public/lifestyle-products': () => json({ items: [], total: 0, page: 1, page_size: 12 }),
    },
    request: 'PUT /api/consultant/recommended-products',
    ok: () => new Response(null, { status: 204 }),
    fill: async () => {
      await screen.findByRole('button', { name: 'Retirer Tulsi' });
    },
    submit: 'Enregistrer la sélection',
    success: /^Vos produits recommandés ont été enregistrés\.$/,
  },
  'client.health-assessment': {
    role: 'client',
    stubs: {
      'GET /api/client/health-assessment': () => json(savedAssessment('c1')),
    },
    request: 'PUT /api/client/health-assessment',
    ok: () => new Response(null, { status: 204 }),
    fill: async () => {
      await screen.findByDisplayValue('Troubles du sommeil');
    },
    submit: 'Enregistrer',
    success: /^Enregistré\.$/,
  },
  'admin.reference-trash': {
    role: 'admin',
    stubs: {
      'GET /api/admin-panel/reference/complaint-types': () =>
        json({
          items: [{ id: 'c1', name_fr: 'Retard', name_en: 'Delay', parent_id: null, parent_name_fr: null, parent_name_en: null, code: null, trashed: true }],
          total: 1,
          page: 1,
          page_size: 20,
        }),
    },
    request: 'POST /api/admin-panel/reference/complaint-types/c1/restore',
    ok: () => new Response(null, { status: 204 }),
    fill: async () => {
      await screen.findByText('Retard');
    },
    submit: 'Restaurer Retard',
    success: /« Retard » a été restauré\./,
  },
  'consultant.add-note': {
    role: 'consultant',
    stubs: {
      'GET /api/consultant/bookings/over': () => json(bookingRow({ id: 'over', client: { id: 'cl9', name: 'Léa Petit' } })),
      'GET /api/consultant/notes': () => json({ items: [] }),
    },
    request: 'POST /api/consultant/notes',
    ok: () => json({ note_id: 'n2' }, { status: 201 }),
    fill: async (u) => u.type(await screen.findByRole('textbox', { name: /Note/ }), 'Bon progrès sur le sommeil.'),
    submit: 'Enregistrer la note',
    success: /^Note enregistrée\.$/,
  },
  'client.add-complaint': {
    role: 'client',
    stubs: {
      'GET /api/client/bookings': () => json({ items: [ownBooking()], total: 1, page: 1, page_size: 100 }),
      'GET /api/public/reference/complaint-types': () =>
        json({ items: [{ id: TYPE, name_fr: 'Comportement', name_en: 'Behaviour', parent_id: null, code: null }] }),
    },
    request: 'POST /api/client/complaints',
    ok: () => json({ complaint_id: 'k1' }, { status: 201 }),
    fill: fillComplaintForm,
    submit: 'Envoyer la réclamation',
    success: /^Votre réclamation a été enregistrée\.$/,
  },
  'client.file': {
    role: 'client',
    stubs: { 'GET /api/client/general-info': () => json({ client_id: 'c1', saved_at: null, info: null }) },
    request: 'PUT /api/client/general-info',
    ok: () => new Response(null, { status: 204 }),
    fill: async (u) => u.type(await screen.findByLabelText(/Taille \(cm\)/), '168'),
    submit: 'Enregistrer',
    success: /^Enregistré\.$/,
  },
  'admin.reference-data': {
    role: 'admin',
    stubs: { 'GET /api/admin-panel/reference/languages': () => json({ items: [], total: 0, page: 1, page_size: 20 }) },
    request: 'POST /api/admin-panel/reference/languages',
    ok: () => json({ id: 'l9' }, { status: 201 }),
    fill: async (u) => {
      await u.type(await screen.findByLabelText(/Nom en français/), 'Breton');
      await u.type(screen.getByLabelText(/Nom en anglais/), 'Breton');
      await u.type(screen.getByLabelText(/Code ISO/), 'br');
    },
    submit: 'Ajouter',
    success: /L’élément a été ajouté\./,
  },
  'admin.contact-messages': {
    role: 'admin',
    stubs: {
      'GET /api/admin-panel/contact-messages': () =>
        json({
          items: [
            {
              message_id: 'm1',
              name: 'Léa Petit',
              email: 'lea@example.org',
              phone: null,
              organisation: null,
              subject: 'Partenariat',
              message: 'Bonjour.',
              language: 'fr',
              received_at: '2030-03-05T09:30:00Z',
            },
          ],
          total: 1,
          page: 1,
          page_size: 20,
        }),
    },
    request: 'DELETE /api/admin-panel/contact-messages/m1',
    ok: () => new Response(null, { status: 204 }),
    fill: async (u) => {
      await u.click(await screen.findByRole('button', { name: 'Supprimer le message de Léa Petit' }));
      await screen.findByRole('dialog');
    },
    submit: 'Supprimer définitivement',
    success: /^Message supprimé\.$/,
  },
  'admin.blog-list': {
    role: 'admin',
    stubs: { 'GET /api/admin-panel/blog-posts': () => json(listOf([adminRow()])) },
    request: 'POST /api/admin-panel/blog-posts/p1/trash',
    ok: () => new Response(null, { status: 204 }),
    fill: async (u) => {
      await u.click(await screen.findByRole('button', { name: 'Mettre à la corbeille « Bien dormir »' }));
      await screen.findByRole('dialog');
    },
    submit: 'Mettre à la corbeille',
    success: /« Bien dormir » a été mis à la corbeille\./,
  },
  'admin.blog-trash': {
    role: 'admin',
    stubs: {
      'GET /api/admin-panel/blog-posts': () => json(listOf([adminRow({ trashed_at: '2030-03-05T09:30:00Z' })])),
    },
    request: 'POST /api/admin-panel/blog-posts/p1/restore',
    ok: () => new Response(null, { status: 204 }),
    fill: async () => {
      await screen.findByText('Bien dormir');
    },
    submit: 'Restaurer « Bien dormir »',
    success: /« Bien dormir » a été restauré\./,
  },
  'admin.quote': {
    role: 'admin',
    stubs: { 'GET /api/admin-panel/quotes': () => json(listOf([])) },
    request: 'POST /api/admin-panel/quotes',
    ok: () => json({ id: QUOTE_ID }, { status: 201 }),
    fill: async (u) => {
      await u.type(await screen.findByLabelText(/^Texte en français/), 'La paix vient de l’intérieur.');
      await u.type(screen.getByLabelText(/^Texte en anglais/), 'Peace comes from within.');
      await u.type(screen.getByLabelText(/^Auteur/), 'Bouddha');
    },
    submit: 'Ajouter la citation',
    success: /^La citation a été ajoutée\.$/,
  },
  'admin.legal-version': {
    role: 'admin',
    stubs: { 'GET /api/admin-panel/legal/terms': () => json([adminLegalVersion()]) },
    request: 'POST /api/admin-panel/legal/terms',
    ok: () => json({ version: '2030-06-01', effective_at: '2030-06-01T08:00:00Z' }, { status: 201 }),
    fill: async (u) => {
      const [title] = await screen.findAllByLabelText(/^Titre/);
      await u.type(title, ' (révisées)');
    },
    submit: 'Publier la version',
    success: /^La version 2030-06-01 a été publiée : elle est en vigueur à partir du 1 juin 2030/,
  },
  'admin.legal-list': {
    role: 'admin',
    stubs: { 'GET /api/admin-panel/legal/terms': () => json([scheduledVersion(), adminLegalVersion()]) },
    request: 'POST /api/admin-panel/legal/terms/2031-03-01/trash',
    ok: () => new Response(null, { status: 204 }),
    fill: async (u) => {
      await u.click(await screen.findByRole('button', { name: 'Mettre à la corbeille la version 2031-03-01' }));
      await screen.findByRole('dialog');
    },
    submit: 'Mettre à la corbeille',
    success: /^La version 2031-03-01 a été mise à la corbeille\.$/,
  },
  'admin.legal-trash': {
    role: 'admin',
    stubs: {
      'GET /api/admin-panel/legal/privacy': () =>
        json([scheduledVersion({ status: 'trashed', trashed_at: '2030-12-02T09:00:00Z' })]),
    },
    request: 'POST /api/admin-panel/legal/privacy/2031-03-01/restore',
    ok: () => new Response(null, { status: 204 }),
    fill: async () => {
      await screen.findByRole('button', { name: 'Restaurer la version 2031-03-01' });
    },
    submit: 'Restaurer la version 2031-03-01',
    success: /^La version 2031-03-01 a été restaurée\.$/,
  },
  'admin.site-page': {
    role: 'admin',
    stubs: {
      'GET /api/admin-panel/site-pages/faq': () => json(adminSitePage('faq')),
      'GET /api/admin-panel/site-pages': () => json([adminSitePage('faq')]),
    },
    request: 'PUT /api/admin-panel/site-pages/faq',
    ok: () => new Response(null, { status: 204 }),
    fill: async (u) => {
      const [title] = await screen.findAllByLabelText(/^Titre/);
      await u.type(title, ' (FAQ)');
    },
    submit: 'Enregistrer',
    success: /^« Questions fréquentes \(FAQ\) » a été enregistrée\.$/,
  },
  'admin.quote-list': {
    role: 'admin',
    stubs: { 'GET /api/admin-panel/quotes': () => json(listOf([adminQuote({ text_fr: 'Respirez.' })])) },
    request: `POST /api/admin-panel/quotes/${QUOTE_ID}/trash`,
    ok: () => new Response(null, { status: 204 }),
    fill: async (u) => {
      await u.click(await screen.findByRole('button', { name: 'Mettre à la corbeille « Respirez. »' }));
      await screen.findByRole('dialog');
    },
    submit: 'Mettre à la corbeille',
    success: /« Respirez\. » a été mise à la corbeille\./,
  },
  'admin.quote-trash': {
    role: 'admin',
    stubs: {
      'GET /api/admin-panel/quotes': () =>
        json(listOf([adminQuote({ text_fr: 'Respirez.', trashed_at: '2030-03-05T09:30:00Z' })])),
    },
    request: `POST /api/admin-panel/quotes/${QUOTE_ID}/restore`,
    ok: () => new Response(null, { status: 204 }),
    fill: async () => {
      await screen.findByText('Respirez.');
    },
    submit: 'Restaurer « Respirez. »',
    success: /« Respirez\. » a été restaurée\./,
  },
  'admin.add-coupon': {
    role: 'admin',
    stubs: { 'GET /api/admin-panel/coupons': () => json({ items: [], total: 0, page: 1, page_size: 20 }) },
    request: 'POST /api/admin-panel/coupons',
    ok: () => json({ coupon_id: 'c1' }, { status: 201 }),
    fill: async (u) => {
      await u.type(await screen.findByLabelText(/^Code/), 'hiver10');
      await u.selectOptions(screen.getByLabelText(/Type de remise/), 'Montant fixe');
      await u.type(screen.getByLabelText(/^Montant/), '10,50');
      await u.type(screen.getByLabelText(/Valable à partir du/), '2030-01-01');
      await u.type(screen.getByLabelText(/Valable jusqu’au/), '2030-01-31');
    },
    submit: 'Créer le code promo',
    success: /HIVER10/,
  },
};

const REFUSAL = 'Action refusée par le serveur (test).';

/** Renders the form, sends it with an answer held back, checks the pending button, then answers. */
const walk = async (form: ActionForm, fixture: Fixture, outcome: 'success' | 'refusal') => {
  let answer: ((response: Response) => void) | undefined;
  const [method, path] = fixture.request.split(' ');
  const role = fixture.role;
  if (role) setRoleStatus(role, true);
  const fetch = stubFetch({
    ...(role ? { [`GET /api/${role === 'admin' ? 'admin-panel' : role}/session`]: () => json(sessionFor(role)) } : {}),
    ...fixture.stubs,
    [fixture.request]: () => new Promise<Response>((resolve) => (answer = resolve)),
  });
  renderApp(form.href);
  const u = userEvent.setup({ delay: null });
  await fixture.fill(u);
  const button = await screen.findByRole<HTMLButtonElement>('button', { name: fixture.submit });
  await u.click(button);
  await waitFor(() => expect(answer).toBeDefined());
  // Progress, and no second request while the first runs.
  await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
  expect(button.disabled).toBe(true);
  await u.click(button);
  expect(fetch.calls(method, path)).toHaveLength(1);
  answer?.(outcome === 'success' ? fixture.ok() : apiError(409, 'refused', REFUSAL));
  if (outcome === 'success') {
    const message = await screen.findByText(fixture.success);
    expect(message.closest('[role="status"]'), `${form.id}: success announced politely`).toBeTruthy();
  } else {
    const message = await screen.findByText(REFUSAL);
    expect(message.closest('[role="alert"]'), `${form.id}: refusal announced as an alert`).toBeTruthy();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(button.disabled).toBe(false);
  }
};

describe('every action answered', () => {
  it('lists every mutation hook of the app in a form of src/config/action-forms.ts', () => {
    const listed = new Set(ACTION_FORMS.flatMap((form) => form.hooks));
    const unlisted = mutationHooks().filter((name) => !listed.has(name) && !MUTATION_FACTORIES.includes(name));
    expect(unlisted, 'mutation hooks no form lists').toEqual([]);
    // The scan finds the hooks (a broken scan would pass the check above vacuously).
    expect(mutationHooks()).toEqual(expect.arrayContaining(['useSaveTimings', 'useCreateCoupon', 'useSignOut']));
    const known = new Set(mutationHooks());
    expect(
      ACTION_FORMS.flatMap((form) => form.hooks).filter((name) => !known.has(name)),
      'listed hooks that are no mutation',
    ).toEqual([]);
  });

  it('sends no request from a component directly (every write goes through a listed mutation hook)', () => {
    const direct = Object.entries(sources)
      .filter(([file, text]) => file.endsWith('.tsx') && /\bapi\.(post|put|patch|delete)\s*[<(]/.test(text))
      .map(([file]) => file);
    expect(direct).toEqual([]);
  });

  it('has, for every form not walked here, a test that asserts its feedback', () => {
    for (const form of ACTION_FORMS) {
      if (form.walked) expect(FIXTURES[form.id], `${form.id}: walked without a fixture`).toBeDefined();
      else expect(testFiles, `${form.id}: no walk and no covering test`).toContain(`/src/${form.coveredBy ?? '?'}`);
    }
  });

  describe.each(ACTION_FORMS.filter((form) => form.walked).map((form) => [form.id, form] as const))('%s', (id, form) => {
    it('shows progress, cannot be sent twice, and announces success', async () => {
      await walk(form, FIXTURES[id], 'success');
    });
    it('announces a refusal and lets the person try again', async () => {
      await walk(form, FIXTURES[id], 'refusal');
    });
  });
});
