import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { localInputToUtc } from '@/lib/local-datetime';
import type { LegalVersionBody } from '../api/types';
import { adminLegalVersion, scheduledVersion } from '../testing/site-fixtures';
// Loaded up front: the lazy route then resolves at once, even on a busy machine.
import './admin-site-screens';

const LOADED = { timeout: 10_000 };
const setup = (handlers: Record<string, StubHandler>) =>
  stubFetch({ 'GET /api/admin-panel/session': () => json(sessionFor('admin')), ...handlers });
const user = () => userEvent.setup({ delay: null });
const superseded = adminLegalVersion({ status: 'superseded' });

describe('admin legal versions (view-terms-condition, view-trash-…)', () => {
  it('lists the versions: date in force, status, both texts to read and their PDFs; trash only for a scheduled one', async () => {
    const fetch = setup({
      'GET /api/admin-panel/legal/terms': () =>
        json([
          scheduledVersion(),
          adminLegalVersion({ version: '2030-01-15', effective_at: '2030-01-15T09:00:00Z', published_at: '2030-01-15T09:00:00Z' }),
          superseded,
        ]),
      'POST /api/admin-panel/blog-preview': ({ body }) =>
        json({ html: `<p>${(body as { body: string }).body.split('\n').at(-1)}</p>` }),
    });
    renderApp('/admin/view-terms-condition');
    const table = await screen.findByRole('table', { name: 'Versions des conditions générales' }, LOADED);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Version',
      'En vigueur à partir du',
      'Statut',
      'Texte',
      'Actions',
    ]);
    const rows = within(table).getAllByRole<HTMLTableRowElement>('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '2031-03-01',
      '2030-01-15',
      '2026-01Texte d’origine',
    ]);
    expect(rows.map((row) => row.cells[2].textContent)).toEqual(['Programmée', 'En vigueur', 'Remplacée']);
    expect(rows[0].cells[1].textContent).toMatch(/2031/);
    expect(screen.getByText('3 versions')).toBeTruthy();
    expect(fetch.calls('GET', '/api/admin-panel/legal/terms')[0].url.searchParams.get('trashed')).toBe('false');
    // Only the scheduled version can go to the trash.
    expect(within(rows[0]).getByRole('button', { name: 'Mettre à la corbeille la version 2031-03-01' })).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: /corbeille/ })).toBeNull();
    expect(within(rows[2]).queryByRole('button', { name: /corbeille/ })).toBeNull();
    // Its PDF in each language.
    expect(within(rows[1]).getByRole('link', { name: 'Version 2030-01-15 en PDF (Français)' }).getAttribute('href')).toBe(
      '/api/public/legal/terms/2030-01-15/pdf?lang=fr',
    );
    expect(within(rows[1]).getByRole('link', { name: 'Version 2030-01-15 en PDF (Anglais)' }).getAttribute('href')).toBe(
      '/api/public/legal/terms/2030-01-15/pdf?lang=en',
    );
    // Both texts as the site shows them.
    const u = user();
    await u.click(within(rows[0]).getByRole('button', { name: 'Lire la version 2031-03-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version 2031-03-01' });
    expect(await within(dialog).findByText('Les conditions de mars 2031.')).toBeTruthy();
    expect(await within(dialog).findByText('The terms of March 2031.')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { level: 3, name: /Conditions générales \(mars 2031\)/ })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Fermer' })));
    await u.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before trashing a scheduled version, and shows the server’s reason when it came into force meanwhile', async () => {
    const fetch = setup({
      'GET /api/admin-panel/legal/terms': () => json([scheduledVersion(), superseded]),
      'POST /api/admin-panel/legal/terms/2031-03-01/trash': () =>
        apiError(409, 'legal_version_in_force', 'Cette version est (ou a été) en vigueur : elle reste dans l’historique.'),
    });
    renderApp('/admin/view-terms-condition');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Mettre à la corbeille la version 2031-03-01' }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Mettre cette version à la corbeille ?' });
    expect(within(dialog).getByText(/^La version 2031-03-01, prévue pour le .*2031.*, n’entrera pas en vigueur\./)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(fetch.calls('POST', '/api/admin-panel/legal/terms/2031-03-01/trash')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Mettre à la corbeille la version 2031-03-01' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mettre à la corbeille' }));
    const message = await screen.findByText('Cette version est (ou a été) en vigueur : elle reste dans l’historique.');
    expect(message.closest('[role="alert"]')).toBeTruthy();
    // The dialog stays, to cancel.
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('view-trash lists trashed versions with when they left, and restores one', async () => {
    let restored = false;
    const fetch = setup({
      'GET /api/admin-panel/legal/privacy': ({ url }) =>
        json(
          url.searchParams.get('trashed') === 'true' && !restored
            ? [scheduledVersion({ status: 'trashed', trashed_at: '2030-12-02T09:00:00Z' })]
            : [],
        ),
      'POST /api/admin-panel/legal/privacy/2031-03-01/restore': () => {
        restored = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/view-trash-privacy-policy');
    const table = await screen.findByRole('table', { name: 'Corbeille de la politique de confidentialité' }, LOADED);
    const [, row] = within(table).getAllByRole<HTMLTableRowElement>('row');
    expect(within(row).getByText('À la corbeille')).toBeTruthy();
    expect(within(row).getByText(/^Mise à la corbeille le/)).toBeTruthy();
    // A trashed version has no PDF (the server keeps none).
    expect(within(row).queryByRole('link', { name: /PDF/ })).toBeNull();
    await user().click(within(row).getByRole('button', { name: 'Restaurer la version 2031-03-01' }));
    expect(await screen.findByText('La version 2031-03-01 a été restaurée.')).toBeTruthy();
    expect(await screen.findByText('La corbeille est vide.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/legal/privacy/2031-03-01/restore')).toHaveLength(1);
  });
});

describe('admin new legal version (add-terms-condition)', () => {
  it('starts from the version in force, places the server’s field errors, says an unchanged text, and publishes', async () => {
    let answer: 'fields' | 'unchanged' | 'ok' = 'fields';
    const fetch = setup({
      'GET /api/admin-panel/legal/terms': () => json([scheduledVersion(), adminLegalVersion()]),
      'POST /api/admin-panel/legal/terms': () => {
        if (answer === 'fields') {
          return apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
            'fr.title': 'Titre trop long (test).',
            'en.body': 'Texte vide (test).',
            effective_at: 'Cette date est passée : choisissez maintenant ou une date à venir.',
          });
        }
        if (answer === 'unchanged') {
          return apiError(409, 'legal_text_unchanged', 'Ce texte est celui de la version en vigueur : modifiez-le avant de publier une nouvelle version.');
        }
        return json({ version: '2030-06-01', effective_at: '2030-06-01T07:00:00Z' }, { status: 201 });
      },
    });
    const { router } = renderApp('/admin/add-terms-condition');
    const [frTitle, enTitle] = await screen.findAllByLabelText(/^Titre/, undefined, LOADED);
    // Pre-filled from the version in force (not the scheduled one).
    expect(screen.getByText(/reprend le texte de la version en vigueur \(2026-01\)/)).toBeTruthy();
    expect((frTitle as HTMLInputElement).value).toBe('Conditions générales d’utilisation et de vente');
    expect((enTitle as HTMLInputElement).value).toBe('Terms and conditions of use and sale');
    const [frBody] = screen.getAllByLabelText(/^Texte \(Markdown\)/);
    expect((frBody as HTMLTextAreaElement).value).toBe('## Objet\n\nLes présentes conditions…');

    const u = user();
    await u.type(frBody, '\n\nUn nouvel article.');
    const when = screen.getByLabelText(/^En vigueur à partir du/);
    await u.type(when, '2030-06-01T09:00');
    await u.click(screen.getByRole('button', { name: 'Publier la version' }));
    expect(await screen.findByText('Titre trop long (test).')).toBeTruthy();
    expect(screen.getByText('Texte vide (test).')).toBeTruthy();
    expect(screen.getByText('Cette date est passée : choisissez maintenant ou une date à venir.')).toBeTruthy();
    expect(frTitle.getAttribute('aria-invalid')).toBe('true');
    expect(when.getAttribute('aria-invalid')).toBe('true');
    const sent = fetch.calls('POST', '/api/admin-panel/legal/terms')[0].body as LegalVersionBody;
    expect(sent.fr.body).toBe('## Objet\n\nLes présentes conditions…\n\nUn nouvel article.');
    expect(sent.en).toEqual(adminLegalVersion().en);
    expect(sent.effective_at).toBe(localInputToUtc('2030-06-01T09:00'));

    answer = 'unchanged';
    await u.click(screen.getByRole('button', { name: 'Publier la version' }));
    const unchanged = await screen.findByText(
      'Ce texte est celui de la version en vigueur : modifiez-le avant de publier une nouvelle version.',
    );
    expect(unchanged.closest('[role="alert"]')).toBeTruthy();

    answer = 'ok';
    await u.clear(when);
    await u.click(screen.getByRole('button', { name: 'Publier la version' }));
    const toast = await screen.findByText(/^La version 2030-06-01 a été publiée : elle est en vigueur à partir du 1 juin 2030/);
    expect(toast.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/view-terms-condition'));
    // An empty date: in force at once.
    expect((fetch.calls('POST', '/api/admin-panel/legal/terms').at(-1)?.body as LegalVersionBody).effective_at).toBeNull();
  });

  it('checks the texts before sending', async () => {
    const fetch = setup({ 'GET /api/admin-panel/legal/privacy': () => json([adminLegalVersion()]) });
    renderApp('/admin/add-privacy-policy');
    const [frTitle] = await screen.findAllByLabelText(/^Titre/, undefined, LOADED);
    const u = user();
    await u.clear(frTitle);
    await u.type(screen.getAllByLabelText(/^Description/)[1], 'x'.repeat(201));
    await u.click(screen.getByRole('button', { name: 'Publier la version' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(screen.getByText('200 caractères au plus.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(frTitle));
    expect(fetch.calls('POST', '/api/admin-panel/legal/privacy')).toHaveLength(0);
  });
});
