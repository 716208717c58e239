// Complaints (issue 10) against the real backend: a client files a complaint
// with a PDF about a past paid booking; the consultant sees it under the
// complaints against them and answers; the administrator asks the client for
// information, the client answers, the administrator decides for the client
// with a 50 % refund; both parties see the decision, the audit trail shows
// every step with names and roles, the booking shows the refund and its credit note; the
// dashboard's figures match the lists; axe finds no violation on the new
// screens at 375 px and 1280 px; a client who is not a party gets the
// not-found page.
//
// The booking is made and paid through the API on the suite's server, then a
// second server over the same data is started with its clock 3 days past the
// booking's start (`EQUILIBRE_CLOCK_OFFSET_SECONDS`, test-only), and every
// complaint step runs there (as in room.test.mjs).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessible as assertAccessibleNow } from './support/axe.mjs';
import { createAccount } from './support/accounts.mjs';
import { readyClient } from './support/booking.mjs';
import { rememberSignIn, useBrowser } from './support/browser.mjs';
import { createApprovedExpert, ensureReference, eventually, signIn, signInAdmin, wordToken } from './support/consultant.mjs';
import { admin } from './support/env.mjs';
import { pdf } from './support/files.mjs';
import { payThroughApi } from './support/payments.mjs';
import { stopProcess } from './support/processes.mjs';
import { startShiftedServer } from './support/services.mjs';

const browser = useBrowser();
const servers = [];
after(async () => Promise.all(servers.map((server) => stopProcess(server.proc))));

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const DAY_SECONDS = 86_400;
const AREA = { client: 'client', consultant: 'consultant', admin: 'admin-panel' };

/** A paid (sandbox card, through the payment intent) booking of `client` with `expert` at its first free slot; its id and start. */
const bookPaid = async (client, expert) => {
  const consultant = await signIn('consultant', expert.person);
  const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  const shifts = ['morning', 'noon', 'afternoon', 'evening', 'night'];
  await consultant.expect(204, 'PUT', '/api/consultant/timings', {
    json: { rules: weekdays.flatMap((weekday) => shifts.map((shift) => ({ weekday, shift }))), days_off: [] },
  });
  const today = new Date().toISOString().slice(0, 10);
  let slots = [];
  await eventually(async () => {
    slots = (await client.get(`/api/public/experts/${expert.id}/slots?from=${today}&days=7`)).slots;
    return slots.length > 0;
  }, 'a free slot');
  const start = slots[0].start;
  // Not the free first consultation: held, then paid with the sandbox card.
  const held = await client.expect(201, 'POST', '/api/client/bookings', { json: { consultant_id: expert.id, start } });
  assert.equal(held.status, 'held', 'a paid booking is held until paid');
  await payThroughApi(client, held.booking_id);
  const row = await client.get(`/api/client/bookings/${held.booking_id}`);
  assert.equal(row.status, 'confirmed');
  return { id: held.booking_id, start: new Date(start), total: row.total };
};

/** A French browser context on `baseURL`, signed in as `role` (`person`: {email, password}); its page. */
const openAs = async (baseURL, role, person, viewport) => {
  const context = await browser().newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(20_000);
  const signedIn = await context.request.post(`/api/${AREA[role]}/sign-in`, {
    data: { email: person.email, password: person.password },
    headers: { 'X-Requested-With': 'equilibre', Origin: baseURL },
  });
  assert.equal(signedIn.status(), 200, await signedIn.text());
  await rememberSignIn(context, role);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
};

/** axe-core finds no violation on the page as it is now, on a phone and on a desktop. */
const assertAccessible = async (page, what) => {
  const viewport = page.viewportSize();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await assertAccessibleNow(page, `${what} at ${size.width} px`);
  }
  await page.setViewportSize(viewport);
};

/** The number in a list's live status line (« 3 réclamations », « 1 réservation », « 0 consultant »). */
const listTotal = async (page) => {
  const status = page.getByRole('status').filter({ hasText: /^\d[\d\s\u202f]*\s\S+$/ }).first();
  await status.waitFor();
  return Number((await status.innerText()).replace(/\D/g, ''));
};

/** The ISO week (`2026-W48`) holding `instant` in Europe/Paris, its Monday and its Sunday (YYYY-MM-DD). */
const parisWeek = (instant) => {
  const local = new Date(instant.toLocaleString('en-US', { timeZone: 'Europe/Paris' }));
  const day = new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_SECONDS * 1000);
  const sunday = new Date(monday.getTime() + 6 * DAY_SECONDS * 1000);
  // ISO week-numbering: the week holding that week's Thursday.
  const thursday = new Date(monday.getTime() + 3 * DAY_SECONDS * 1000);
  const year = thursday.getUTCFullYear();
  const number = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_SECONDS * 1000)) + 1;
  return {
    iso: `${year}-W${String(number).padStart(2, '0')}`,
    monday: monday.toISOString().slice(0, 10),
    sunday: sunday.toISOString().slice(0, 10),
  };
};

describe('complaints', () => {
  const subject = `Séance écourtée ${wordToken()}`;
  let expert;
  let client;
  let booking;
  let server;
  let complaintId;
  let typeName;

  before(async () => {
    const adminApi = await signInAdmin();
    typeName = 'Séance non conforme';
    await ensureReference(adminApi, 'complaint-types', { name_fr: typeName, name_en: 'Session not as described' });
    expert = await createApprovedExpert({ adminSession: adminApi });
    client = await readyClient();
    booking = await bookPaid(client.session, expert);
    // The complaint is about a past booking: every step runs 3 days after its start.
    const offset = Math.floor((booking.start.getTime() - Date.now()) / 1000) + 3 * DAY_SECONDS;
    server = await startShiftedServer(offset, servers);
  });

  it('a client files a complaint with a PDF about a past booking, on a phone', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openAs(server, 'client', client.person, PHONE);
    try {
      await page.goto('/client/add-complaint');
      await page.getByRole('heading', { name: 'Votre réclamation' }).waitFor();
      const bookingField = page.getByLabel('Réservation concernée');
      await bookingField.locator(`option[value="${booking.id}"]`).waitFor({ state: 'attached' });
      const typeField = page.getByLabel('Type de réclamation');
      await typeField.getByRole('option', { name: typeName, exact: true }).waitFor({ state: 'attached' });
      await assertAccessible(page, 'add-complaint');

      await bookingField.selectOption(booking.id);
      assert.match(
        await bookingField.locator(`option[value="${booking.id}"]`).innerText(),
        new RegExp(expert.familyName),
        'the booking is named by the expert',
      );
      await typeField.selectOption({ label: typeName });
      await page.getByRole('textbox', { name: /^Objet/ }).fill(subject);
      await page
        .getByRole('textbox', { name: /^Description/ })
        .fill('La séance a été interrompue au bout de vingt minutes sans explication.');
      await page.getByLabel('Résultat souhaité (facultatif)').selectOption('refund');
      await page.getByLabel('Pièces jointes (facultatif)').setInputFiles(pdf('plainte.pdf', 'Capture de la salle'));
      await page.getByRole('list', { name: 'Fichiers joints' }).getByText('plainte.pdf').waitFor();

      const filed = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/client/complaints' && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Envoyer la réclamation' }).click();
      const answer = await filed;
      assert.equal(answer.status(), 201, await answer.text());
      complaintId = (await answer.json()).complaint_id;
      await page.getByText('Votre réclamation a été enregistrée.').waitFor();
      await page.waitForURL((url) => url.pathname === `/client/complaint/${complaintId}`);
      const facts = page.getByRole('region', { name: subject });
      await facts.getByText('Déposée', { exact: true }).waitFor();
      await facts.getByText('Un remboursement').waitFor();
      // The server names a file by its stored key (not the name it was sent with).
      await page.getByRole('region', { name: 'Description' }).getByRole('link', { name: /^Télécharger / }).waitFor();
      await assertAccessible(page, 'the client’s complaint page');

      await page.goto('/client/view-complaint-by-me');
      await page.getByRole('link', { name: subject }).waitFor();
      await assertAccessible(page, 'view-complaint-by-me');
      assert.deepEqual(errors, [], 'uncaught errors in the page');
    } finally {
      await context.close();
    }
  });

  it('the consultant sees it against them, downloads the file and answers', { timeout: 120_000 }, async () => {
    assert.ok(complaintId, 'the complaint was filed');
    const { context, page, errors } = await openAs(server, 'consultant', expert.person, DESKTOP);
    try {
      await page.goto('/consultant/view-complaint-against');
      const link = page.getByRole('link', { name: subject });
      await link.waitFor();
      await assertAccessible(page, 'view-complaint-against');
      await link.click();
      await page.waitForURL((url) => url.pathname === `/consultant/complaint/${complaintId}`);

      const file = page.getByRole('region', { name: 'Description' }).getByRole('link', { name: /^Télécharger / });
      const href = await file.getAttribute('href');
      const download = await context.request.get(href);
      assert.equal(download.status(), 200);
      assert.match(download.headers()['content-type'], /application\/pdf/);
      assert.equal((await download.body()).subarray(0, 5).toString('latin1'), '%PDF-');

      const form = page.getByRole('form', { name: 'Votre réponse' });
      await form.waitFor();
      await assertAccessible(page, 'the consultant’s complaint page');
      await form.getByRole('textbox').fill('La connexion du client a coupé ; je lui ai proposé une nouvelle séance.');
      await form.getByRole('button', { name: 'Envoyer ma réponse' }).click();
      await page.getByText('Votre réponse a été envoyée.').waitFor();
      const statement = page.getByRole('region', { name: 'Réponse de la personne mise en cause' });
      await statement.getByText('je lui ai proposé une nouvelle séance').waitFor();
      assert.equal(await page.getByRole('form', { name: 'Votre réponse' }).count(), 0, 'one statement only');
      assert.deepEqual(errors, [], 'uncaught errors in the page');
    } finally {
      await context.close();
    }
  });

  it('the administrator asks the client, the client answers, the administrator decides a 50 % refund', { timeout: 180_000 }, async () => {
    assert.ok(complaintId, 'the complaint was filed');
    const adminSide = await openAs(server, 'admin', admin, DESKTOP);
    const clientSide = await openAs(server, 'client', client.person, PHONE);
    try {
      const { page } = adminSide;
      await page.goto('/admin/view-complaint-client');
      await page.getByRole('search', { name: 'Filtres des réclamations' }).getByLabel('Rechercher (objet, noms)').fill(subject);
      await page.getByRole('button', { name: 'Filtrer', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === subject);
      const link = page.getByRole('link', { name: subject });
      await link.waitFor();
      assert.equal(await listTotal(page), 1);
      await assertAccessible(page, 'view-complaint-client');
      await link.click();
      await page.waitForURL((url) => url.pathname === `/admin/edit-complaint/${complaintId}`);

      const ask = page.getByRole('region', { name: 'Demander des informations' });
      await ask.waitFor();
      await page.getByRole('region', { name: 'Description' }).getByRole('link', { name: /^Télécharger / }).waitFor();
      await page.getByRole('region', { name: 'Réponse de la personne mise en cause' }).getByText('nouvelle séance').waitFor();
      await assertAccessible(page, 'edit-complaint');
      await ask.getByLabel('À qui').selectOption('complainant');
      await ask.getByRole('textbox', { name: /^Question/ }).fill('À quelle heure exactement la séance a-t-elle été coupée ?');
      await ask.getByRole('button', { name: 'Envoyer la demande' }).click();
      await page.getByText('Demande envoyée.').waitFor();

      // The client answers from the complaint page.
      const mine = clientSide.page;
      await mine.goto(`/client/complaint/${complaintId}`);
      await mine.getByText('L’administration attend une information de votre part : répondez plus bas.').waitFor();
      await mine.getByText('À quelle heure exactement la séance a-t-elle été coupée ?').waitFor();
      const answerForm = mine.getByRole('form', { name: 'Répondre à la demande' });
      await assertAccessible(mine, 'the complaint page with a question');
      await answerForm.getByRole('textbox').fill('Vers 10 h 20, après vingt minutes.');
      await answerForm.getByRole('button', { name: 'Envoyer la réponse' }).click();
      await mine.getByText('Votre réponse a été envoyée.').waitFor();
      await mine.getByText('Vers 10 h 20, après vingt minutes.').waitFor();

      // The administrator sees the answer and decides for the client with half the price back.
      await page.reload();
      await page.getByRole('region', { name: 'Demandes d’informations' }).getByText('Vers 10 h 20').waitFor();
      const decide = page.getByRole('region', { name: 'Décider' });
      await decide.getByRole('radio', { name: 'En faveur de l’auteur de la réclamation' }).check();
      await decide
        .getByRole('textbox', { name: /^Résolution/ })
        .fill('La séance a été écourtée : la moitié du prix vous est remboursée.');
      await decide.getByRole('button', { name: '50 %' }).click();
      const half = (booking.total.amount_minor / 2 / 100).toFixed(2);
      const refundField = decide.getByRole('textbox', { name: /^Remboursement au client/ });
      assert.equal((await refundField.inputValue()).replace(',', '.'), half);
      await assertAccessible(page, 'edit-complaint with the decision filled');
      const decided = page.waitForResponse((r) => r.url().endsWith(`/complaints/${complaintId}/decide`));
      await decide.getByRole('button', { name: 'Enregistrer la décision' }).click();
      const answer = await decided;
      assert.equal(answer.status(), 200, await answer.text());
      assert.deepEqual(JSON.parse(answer.request().postData()).refund, { amount_minor: booking.total.amount_minor / 2 });
      await page.getByText('Décision enregistrée.').waitFor();
      const outcome = page.getByRole('region', { name: 'Issue' });
      await outcome.getByText('La moitié du prix vous est remboursée', { exact: false }).waitFor();
      assert.deepEqual([...adminSide.errors, ...clientSide.errors], [], 'uncaught errors in the pages');
    } finally {
      await adminSide.context.close();
      await clientSide.context.close();
    }
  });

  it('both parties see the decision; the history names every step; the booking shows the refund', { timeout: 120_000 }, async () => {
    assert.ok(complaintId, 'the complaint was filed');
    const refund = new RegExp(`^${(booking.total.amount_minor / 200).toFixed(2).replace('.', ',')}\\s€$`);
    for (const [role, person, path] of [
      ['client', client.person, `/client/complaint/${complaintId}`],
      ['consultant', expert.person, `/consultant/complaint/${complaintId}`],
    ]) {
      const side = await openAs(server, role, person, role === 'client' ? PHONE : DESKTOP);
      try {
        await side.page.goto(path);
        const facts = side.page.getByRole('region', { name: subject });
        await facts.getByText('Décidée', { exact: true }).waitFor();
        const outcome = side.page.getByRole('region', { name: 'Issue' });
        await outcome.getByText('En faveur de l’auteur de la réclamation').waitFor();
        await outcome.getByText('La séance a été écourtée : la moitié du prix vous est remboursée.').waitFor();
        await outcome.getByText(refund).waitFor();
        assert.equal(await side.page.getByRole('button', { name: 'Retirer la réclamation' }).count(), 0);
        await assertAccessible(side.page, `the ${role}’s decided complaint`);
        assert.deepEqual(side.errors, [], 'uncaught errors in the page');
      } finally {
        await side.context.close();
      }
    }

    const { context, page, errors } = await openAs(server, 'admin', admin, DESKTOP);
    try {
      await page.goto(`/admin/edit-complaint/${complaintId}`);
      const trail = page.getByRole('region', { name: 'Journal d’audit' });
      const steps = trail.getByRole('listitem');
      await steps.filter({ hasText: 'Décision rendue' }).waitFor();
      const clientName = new RegExp(`par [^()]*${client.person.family_name}[^()]* \\(client\\)`);
      const expertName = new RegExp(`par [^()]*${expert.familyName}[^()]* \\(expert\\)`);
      const byAdmin = /par (.+ \(administrateur\)|un administrateur)/;
      const expected = [
        ['Réclamation déposée', clientName],
        ['Réponse de la personne mise en cause envoyée', expertName],
        ['Informations demandées à une partie', byAdmin],
        ['Informations fournies', clientName],
        ['Décision rendue', byAdmin],
      ];
      const texts = await steps.allInnerTexts();
      let from = 0;
      for (const [event, who] of expected) {
        const at = texts.findIndex((text, index) => index >= from && text.startsWith(event));
        assert.ok(at >= 0, `« ${event} » after step ${from} in ${JSON.stringify(texts)}`);
        assert.match(texts[at], who, event);
        from = at + 1;
      }
      assert.ok(!texts.join('\n').includes('vingt minutes'), 'the history shows no text of the complaint');
      await assertAccessible(page, 'edit-complaint, decided');

      // The refund was made once: the complaint's booking totals, then the booking's own page.
      // (The sandbox provider knows the charges of the server that took them: when the shifted server cannot
      // refund, the reactions worker of the suite's server does, a moment later.)
      const halfBack = { amount_minor: booking.total.amount_minor / 2, currency: 'EUR' };
      let detail;
      await eventually(async () => {
        detail = await (await context.request.get(`/api/admin-panel/complaints/${complaintId}`)).json();
        return detail.booking_refunded?.amount_minor === halfBack.amount_minor;
      }, 'the complaint’s refund made', 20_000);
      assert.deepEqual(detail.decision.refund, halfBack);
      assert.deepEqual(detail.booking_refunded, halfBack);
      await page.getByRole('link', { name: /^Réservation du / }).click();
      await page.waitForURL((url) => url.pathname === `/admin/all-booking/${booking.id}`);
      const bookingFacts = page.getByRole('region', { name: new RegExp(expert.familyName) });
      await bookingFacts.waitFor();
      const row = await (await context.request.get(`/api/admin-panel/bookings/${booking.id}`)).json();
      assert.deepEqual(
        row.refund,
        halfBack,
        `the booking's refund: ${JSON.stringify({ refund: row.refund, history: row.history })}`,
      );
      // The refund's own line (the receipts' amounts are listed too).
      await bookingFacts.locator('dd').filter({ hasText: refund }).waitFor();
      await page.getByRole('region', { name: 'Historique' }).getByText('Réservation remboursée').waitFor();
      // Its receipts: the invoice of the payment and, issued a moment after the refund, its credit note.
      const creditNote = bookingFacts.getByRole('link', { name: /^Avoir n° \d{4}-\d+$/ });
      const deadline = Date.now() + 60_000;
      while ((await creditNote.count()) === 0) {
        assert.ok(Date.now() < deadline, 'the credit note shows on the booking within a minute');
        await page.waitForTimeout(1_000);
        await page.reload();
        await bookingFacts.waitFor();
      }
      await bookingFacts.getByRole('link', { name: /^Facture n° \d{4}-\d+$/ }).waitFor();
      assert.notEqual(await creditNote.getAttribute('download'), null);
      assert.deepEqual(errors, [], 'uncaught errors in the page');
    } finally {
      await context.close();
    }
  });

  it('the dashboard’s figures match the administrator’s lists', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await openAs(server, 'admin', admin, DESKTOP);
    try {
      await page.goto('/admin/dashboard?weeks=4');
      const awaiting = page.getByRole('region', { name: 'Consultants en attente de validation' });
      await awaiting.waitFor();
      await assertAccessible(page, 'the admin dashboard');
      const awaitingCount = Number((await awaiting.locator('p').first().innerText()).replace(/\D/g, ''));
      const ages = page.getByRole('region', { name: 'Réclamations ouvertes par ancienneté' });
      const openCount = (await ages.getByRole('definition').allInnerTexts())
        .map((text) => Number(text.replace(/\D/g, '')))
        .reduce((a, b) => a + b, 0);
      // The booking's week (ISO, Paris): confirmed (and completed), cancelled, no-show.
      const week = parisWeek(booking.start);
      const weekCells = await page.evaluate(
        ({ title, isoWeek }) => {
          const table = [...document.querySelectorAll('table')].find((t) => t.caption?.textContent === title);
          const rows = [...(table?.tBodies[0]?.rows ?? [])];
          const found = rows.find((r) => r.cells[0].textContent.includes(`(${isoWeek})`));
          return { rows: rows.map((r) => r.cells[0].textContent), cells: found ? [...found.cells].map((c) => c.textContent) : null };
        },
        { title: 'Réservations par semaine (selon le début)', isoWeek: week.iso },
      );
      assert.ok(weekCells.cells, `the booking's week ${week.iso} on the dashboard: ${JSON.stringify(weekCells.rows)}`);
      const [confirmedOnDashboard, cancelledOnDashboard] = weekCells.cells.slice(1, 3).map((text) => Number(text.replace(/\D/g, '')));
      assert.ok(confirmedOnDashboard >= 1, 'our booking counts');

      // The lists, with the same filters.
      await page.goto('/admin/consultant?status=submitted');
      assert.equal(await listTotal(page), awaitingCount, 'consultants awaiting review');

      const bookings = async (status) => {
        await page.goto(`/admin/all-booking?status=${status}&from=${week.monday}&to=${week.sunday}`);
        return listTotal(page);
      };
      assert.equal((await bookings('confirmed')) + (await bookings('completed')), confirmedOnDashboard, 'confirmed bookings of the week');
      assert.equal(await bookings('cancelled'), cancelledOnDashboard, 'cancelled bookings of the week');

      let openInLists = 0;
      for (const list of ['view-complaint-client', 'view-complaint-consultant']) {
        for (const status of ['submitted', 'in_review']) {
          await page.goto(`/admin/${list}?status=${status}`);
          openInLists += await listTotal(page);
        }
      }
      assert.equal(openInLists, openCount, 'open complaints');
      await assertAccessible(page, 'view-complaint-consultant');
      assert.deepEqual(errors, [], 'uncaught errors in the page');
    } finally {
      await context.close();
    }
  });

  it('a client who is not a party gets the not-found page', { timeout: 60_000 }, async () => {
    assert.ok(complaintId, 'the complaint was filed');
    const stranger = await createAccount('client');
    const { context, page } = await openAs(server, 'client', stranger, PHONE);
    try {
      const api = await context.request.get(`/api/client/complaints/${complaintId}`);
      assert.equal(api.status(), 404);
      await page.goto(`/client/complaint/${complaintId}`);
      await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
      assert.equal(await page.getByText(subject).count(), 0);
    } finally {
      await context.close();
    }
  });
});
