// Booking (issue 4) against the real backend: a visitor picks a slot and books the
// free first consultation after signing in; a paid booking with a coupon
// (sandbox card 4242…); a declined card (4000 0000 0000 0002) shows the
// provider's reason; a cancellation 24 h ahead refunds in full; a reschedule
// moves a booking to a slot picked in the same picker; a client who left the
// payment page completes it from « Mes réservations » (same booking, no new hold);
// on a phone, a 3-D Secure challenge that fails keeps the hold, one completed pays,
// and the receipt (a PDF) appears on the booking; a new client without a consent
// form fills it in from the booking page and comes back to the same slot. Cards
// go to the sandbox provider's route only, never to the booking API.
// Each test has its own client; the expert (approved, weekly timings) is shared.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount } from './support/accounts.mjs';
import { assertAccessible } from './support/axe.mjs';
import { useBrowser, waitForPath, withPage } from './support/browser.mjs';
import { bookableExpert, pickSlot, readyClient } from './support/booking.mjs';
import { signIn, signInAdmin, signInThroughPage, wordToken } from './support/consultant.mjs';
import { pdf } from './support/files.mjs';
import { exactly, submitSignIn } from './support/forms.mjs';
import { challengeDialog, isSandboxCall, payThroughApi, payWith, SANDBOX_CARDS } from './support/payments.mjs';

const browser = useBrowser();

const PAID = SANDBOX_CARDS.paid;
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

/** The expert's free slots (next four weeks, in Paris time), grouped by local day, in order. */
const slotDays = async (session, expertId) => {
  const { slots } = await session.get(`/api/public/experts/${expertId}/slots?days=28&tz=Europe%2FParis`);
  const days = new Map();
  for (const slot of slots) {
    const day = slot.local_start.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.values()];
};

/** Books `start` through the API: free (first consultation) or held then paid with the sandbox card (intent → sandbox → pay). */
const bookThroughApi = async (session, expertId, start, { free = false } = {}) => {
  const created = await session.expect(201, 'POST', '/api/client/bookings', {
    json: { consultant_id: expertId, start, ...(free ? { free: true } : {}) },
  });
  if (created.status === 'held') await payThroughApi(session, created.booking_id);
  return created.booking_id;
};

describe('booking', () => {
  let expert;
  let couponCode;
  before(async () => {
    const adminApi = await signInAdmin();
    expert = await bookableExpert({ adminSession: adminApi });
    couponCode = `E2E${wordToken().toUpperCase()}`.slice(0, 20);
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await adminApi.expect(201, 'POST', '/api/admin-panel/coupons', {
      json: {
        code: couponCode,
        kind: 'percent',
        percent: 10,
        valid_from: `${today}T00:00:00Z`,
        valid_until: `${later}T23:59:59Z`,
        max_uses: 100,
        max_uses_per_client: 1,
      },
    });
  });

  it('a visitor picks a slot, signs in, and books the free first consultation', { timeout: 120_000 }, async () => {
    const { person } = await readyClient();
    await withPage(browser(), {}, async ({ page }) => {
      await pickSlot(page, expert.id, 2);
      // The booking page is for clients: sign in, then back to the chosen slot.
      await waitForPath(page, '/public/client/sign-in');
      await submitSignIn(page, person);
      await page.waitForURL((url) => url.pathname.startsWith(`/booking/${expert.id}_`));
      await page
        .getByText('Vous pouvez bénéficier d’une première consultation gratuite avec cet expert. Cliquez pour continuer.')
        .waitFor();
      assert.equal(await page.getByRole('button', { name: 'Réserver maintenant' }).count(), 0);
      await assertAccessible(page);
      await page.getByRole('button', { name: 'Réserver gratuitement' }).click();
      await page.getByRole('heading', { name: 'Réservation confirmée' }).waitFor();
      assert.equal(await page.getByLabel(/Numéro de carte/).count(), 0, 'no payment for a free consultation');
      await page.getByRole('link', { name: 'Voir mes réservations' }).click();
      await waitForPath(page, '/client/my-booking');
      await page.getByRole('article').filter({ hasText: 'Gratuite' }).filter({ hasText: 'Confirmée' }).waitFor();
    });
  });

  it('a paid booking with a coupon and the sandbox card', { timeout: 120_000 }, async () => {
    const { person, session } = await readyClient();
    // The first consultation with this expert was free: this one is paid.
    const days = await slotDays(session, expert.id);
    await bookThroughApi(session, expert.id, days[9][0].start, { free: true });
    await withPage(browser(), {}, async ({ page }) => {
      await signInThroughPage(page, 'client', person);
      await pickSlot(page, expert.id, 3);
      await page.waitForURL((url) => url.pathname.startsWith('/booking/'));
      await page.getByText(/Europe\/Paris/).first().waitFor();
      assert.match(await page.getByTestId('quote-total').innerText(), /^60,00\s€$/);
      await page.getByLabel('Code promo').fill(couponCode);
      await page.getByRole('button', { name: 'Appliquer' }).click();
      await page.getByText(new RegExp(`Code ${couponCode} appliqué : 6,00\\s€ de remise`)).waitFor();
      assert.match(await page.getByTestId('quote-total').innerText(), /^54,00\s€$/);
      await page.getByRole('button', { name: 'Réserver maintenant' }).click();
      assert.match(await page.getByRole('timer').innerText(), /^1[45]:\d\d$/);
      await assertAccessible(page);
      await payWith(page, PAID);
      const confirmation = page.getByRole('region', { name: 'Réservation confirmée' });
      await confirmation.waitFor();
      await confirmation.getByText(/se terminant par 4242/).waitFor();
      await confirmation.getByText(/^54,00\s€$/).waitFor();
    });
  });

  it('a declined card shows the provider’s reason and books nothing', { timeout: 120_000 }, async () => {
    const { person, session } = await readyClient();
    const days = await slotDays(session, expert.id);
    await bookThroughApi(session, expert.id, days[10][0].start, { free: true });
    await withPage(browser(), {}, async ({ page }) => {
      await signInThroughPage(page, 'client', person);
      await pickSlot(page, expert.id, 4);
      await page.getByRole('button', { name: 'Réserver maintenant' }).click();
      const pays = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/pay')) pays.push(r);
      });
      const declined = page.waitForResponse(isSandboxCall('confirm'));
      await payWith(page, SANDBOX_CARDS.declined);
      const answer = await declined;
      assert.equal(answer.status(), 200);
      const refusal = await answer.json();
      assert.equal(refusal.status, 'requires_payment_method');
      assert.equal(refusal.error_code, 'card_declined');
      await page.getByRole('alert').filter({ hasText: refusal.message }).waitFor();
      assert.match(refusal.message, /refus|déclin/i);
      assert.equal(await page.getByRole('heading', { name: 'Réservation confirmée' }).count(), 0);
      assert.equal(pays.length, 0, 'nothing to pay with a declined card');
      // The form stays for another card.
      assert.equal(await page.getByRole('button', { name: /^Payer / }).isEnabled(), true);
    });
  });

  it('a client cancels 24 h ahead and is refunded in full', { timeout: 120_000 }, async () => {
    const { person, session } = await readyClient();
    const days = await slotDays(session, expert.id);
    await bookThroughApi(session, expert.id, days[11][0].start, { free: true });
    const paidId = await bookThroughApi(session, expert.id, days[12][0].start);
    await withPage(browser(), {}, async ({ page }) => {
      await signInThroughPage(page, 'client', person);
      await page.goto('/client/my-booking');
      const upcoming = page.getByRole('region', { name: 'À venir' });
      const paid = upcoming.getByRole('article').filter({ hasText: /60,00\s€/ });
      await paid.waitFor();
      await paid.getByRole('button', { name: 'Annuler' }).click();
      const dialog = page.getByRole('dialog', { name: 'Annuler la réservation' });
      await dialog.getByText(/Vous serez remboursé intégralement : 60,00\s€\./).waitFor();
      await assertAccessible(page);
      const cancelled = page.waitForResponse((r) => r.url().endsWith(`/api/client/bookings/${paidId}/cancel`));
      await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click();
      assert.equal((await cancelled).status(), 200);
      await page.getByText(/Réservation annulée\. Remboursement : 60,00\s€\./).waitFor();
      await page.getByRole('article').filter({ hasText: 'Annulée' }).filter({ hasText: /Remboursé : 60,00\s€/ }).waitFor();
    });
  });

  it('a client reschedules a booking to another slot from the picker', { timeout: 120_000 }, async () => {
    const { person, session } = await readyClient();
    const days = await slotDays(session, expert.id);
    const id = await bookThroughApi(session, expert.id, days[13][0].start, { free: true });
    await withPage(browser(), {}, async ({ page }) => {
      await signInThroughPage(page, 'client', person);
      await page.goto('/client/my-booking');
      await page.getByRole('button', { name: 'Déplacer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Déplacer la réservation' });
      await dialog.getByRole('list', { name: 'Jours disponibles' }).getByRole('button').nth(5).click();
      const moved = page.waitForResponse((r) => r.url().endsWith(`/api/client/bookings/${id}/reschedule`));
      await dialog.getByRole('button', { name: /^Choisir le / }).first().click();
      const answer = await moved;
      assert.equal(answer.status(), 200);
      const newStart = JSON.parse(answer.request().postData()).start;
      assert.notEqual(newStart, days[13][0].start);
      await page.getByText(/^Réservation déplacée au /).waitFor();
      const row = await session.get(`/api/client/bookings/${id}`);
      assert.equal(row.start, newStart);
      assert.equal(row.status, 'confirmed');
    });
  });

  it('a client leaves the payment page, then completes the payment from « Mes réservations »', { timeout: 120_000 }, async () => {
    const { person, session } = await readyClient();
    const days = await slotDays(session, expert.id);
    await bookThroughApi(session, expert.id, days[14][0].start, { free: true });
    await withPage(browser(), {}, async ({ page }) => {
      const holds = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/client/bookings') holds.push(r);
      });
      await signInThroughPage(page, 'client', person);
      await pickSlot(page, expert.id, 6);
      await page.waitForURL((url) => url.pathname.startsWith(`/booking/${expert.id}_`));
      const holding = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/client/bookings' && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Réserver maintenant' }).click();
      const hold = await (await holding).json();
      assert.equal(hold.status, 'held');
      await page.getByLabel(/Numéro de carte/).waitFor();

      // The client leaves before paying: to their area, then « Mes réservations » in its menu.
      await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Profil' }).click();
      await waitForPath(page, '/client/dashboard');
      await page
        .getByRole('region', { name: 'Paiement à finaliser' })
        .getByRole('link', { name: 'Finaliser le paiement' })
        .waitFor();
      const menu = page.getByRole('navigation', { name: 'Menu Espace client' });
      await menu.getByRole('button', { name: 'Consultations' }).click();
      await menu.getByRole('link', { name: 'Mes réservations' }).click();
      await waitForPath(page, '/client/my-booking');
      const held = page.getByRole('region', { name: 'À venir' }).getByRole('article').filter({ hasText: 'En attente de paiement' });
      await held.waitFor();
      assert.match(await held.getByRole('timer').innerText(), /^(1[0-4]:\d\d|15:00)$/);
      await assertAccessible(page);
      await held.getByRole('link', { name: 'Finaliser le paiement' }).click();

      // The payment step of that very booking: its countdown and the card form, no new hold.
      await page.waitForURL(
        (url) => url.pathname.startsWith(`/booking/${expert.id}_`) && url.searchParams.get('booking') === hold.booking_id,
      );
      await page.getByText('Vous avez déjà réservé ce créneau : finalisez le paiement avant la fin du délai.').waitFor();
      assert.match(await page.getByRole('timer').innerText(), /^(1[0-4]:\d\d|15:00)$/);
      assert.equal(await page.getByRole('button', { name: 'Réserver maintenant' }).count(), 0);
      const paying = page.waitForResponse((r) => r.url().endsWith(`/api/client/bookings/${hold.booking_id}/pay`));
      await payWith(page, PAID);
      assert.equal((await paying).status(), 200);
      const confirmation = page.getByRole('region', { name: 'Réservation confirmée' });
      await confirmation.waitFor();
      await confirmation.getByText(/se terminant par 4242/).waitFor();
      await confirmation.getByText(/^60,00\s€$/).waitFor();
      assert.equal(holds.length, 1, 'one hold only: the payment resumed it');

      await confirmation.getByRole('link', { name: 'Voir mes réservations' }).click();
      await waitForPath(page, '/client/my-booking');
      await page.getByRole('article').filter({ hasText: 'Confirmée' }).filter({ hasText: /60,00\s€/ }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Finaliser le paiement' }).count(), 0);
    });
  });

  it('on a phone: a failed 3-D Secure challenge keeps the hold; a completed one pays, then the receipt', { timeout: 180_000 }, async () => {
    const { person, session } = await readyClient();
    const days = await slotDays(session, expert.id);
    await bookThroughApi(session, expert.id, days[15][0].start, { free: true });
    await withPage(browser(), PHONE, async ({ page }) => {
      // No request but the sandbox provider's carries a card number.
      const leaks = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (r.method() === 'POST' && !path.startsWith('/api/public/sandbox-payments/') && /\d{13,19}/.test(r.postData() ?? '')) {
          leaks.push(path);
        }
      });
      await signInThroughPage(page, 'client', person);
      await pickSlot(page, expert.id, 7);
      await page.waitForURL((url) => url.pathname.startsWith(`/booking/${expert.id}_`));
      const holding = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/client/bookings' && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Réserver maintenant' }).click();
      const hold = await (await holding).json();
      assert.equal(hold.status, 'held');
      await page.getByText('Cartes de test').waitFor();

      // A card whose challenge always fails: the bank's page, « Échouer », the reason; still held.
      const confirming = page.waitForResponse(isSandboxCall('confirm'));
      await payWith(page, SANDBOX_CARDS.challengeFails);
      assert.equal((await (await confirming).json()).status, 'requires_action');
      const dialog = challengeDialog(page);
      await dialog.waitFor();
      assert.equal(await dialog.getAttribute('aria-modal'), 'true');
      await dialog.getByText(/Montant : 60,00\s€/).waitFor();
      assert.equal(await dialog.evaluate((node) => node.contains(document.activeElement)), true, 'focus in the dialog');
      const box = await dialog.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 375, 'the dialog fits the phone');
      await assertAccessible(page);
      const failing = page.waitForResponse(isSandboxCall('challenge'));
      await dialog.getByRole('button', { name: 'Échouer' }).click();
      const failed = await (await failing).json();
      assert.equal(failed.status, 'requires_payment_method');
      assert.equal(failed.error_code, 'authentication_failed');
      assert.ok(failed.message, 'a translated reason');
      await page.getByRole('alert').filter({ hasText: failed.message }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await page.getByRole('heading', { name: 'Réservation confirmée' }).count(), 0);
      assert.equal((await session.get(`/api/client/bookings/${hold.booking_id}`)).status, 'held');
      await page.getByRole('timer').waitFor();

      // A card whose challenge the client completes: « Valider », then the confirmation.
      const paying = page.waitForResponse((r) => r.url().endsWith(`/api/client/bookings/${hold.booking_id}/pay`));
      await page.getByLabel(/Numéro de carte/).fill(SANDBOX_CARDS.challenge);
      await page.getByRole('button', { name: /^Payer / }).click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Valider' }).click();
      assert.equal((await paying).status(), 200);
      const confirmation = page.getByRole('region', { name: 'Réservation confirmée' });
      await confirmation.waitFor();
      await confirmation.getByText(/^60,00\s€$/).waitFor();
      assert.deepEqual(leaks, [], 'card numbers went to the sandbox provider only');

      // The receipt is issued by a worker a moment later: « Mes réservations » shows it once it is there.
      await confirmation.getByRole('link', { name: 'Voir mes réservations' }).click();
      await waitForPath(page, '/client/my-booking');
      const booked = page
        .getByRole('region', { name: 'À venir' })
        .getByRole('article')
        .filter({ hasText: 'Confirmée' })
        .filter({ hasText: /60,00\s€/ });
      await booked.waitFor();
      const invoice = booked.getByRole('link', { name: /^Facture n° \d{4}-\d+$/ });
      const deadline = Date.now() + 60_000;
      while ((await invoice.count()) === 0) {
        assert.ok(Date.now() < deadline, 'the receipt shows on the booking within a minute');
        await page.waitForTimeout(1_000);
        await page.reload();
        await booked.waitFor();
      }
      assert.notEqual(await invoice.getAttribute('download'), null);
      assert.match(await invoice.locator('xpath=..').innerText(), /60,00\s€/);
      const pdfAnswer = await page.request.get(await invoice.getAttribute('href'));
      assert.equal(pdfAnswer.status(), 200);
      assert.match(pdfAnswer.headers()['content-type'] ?? '', /application\/pdf/);
      assert.equal((await pdfAnswer.body()).subarray(0, 5).toString('latin1'), '%PDF-');
    });
  });

  it('a signed-up client without a consent form picks a slot, fills the form, comes back to the slot and books it', { timeout: 120_000 }, async () => {
    const person = await createAccount('client');
    await withPage(browser(), PHONE, async ({ page }) => {
      await pickSlot(page, expert.id, 8);
      await waitForPath(page, '/public/client/sign-in');
      // The sign-in says the chosen slot waits.
      await page.getByText(/^Connectez-vous pour réserver le créneau choisi/).waitFor();
      await submitSignIn(page, person);
      await page.waitForURL((url) => url.pathname.startsWith(`/booking/${expert.id}_`));
      const bookingPath = new URL(page.url()).pathname;
      const start = new Date(Number(bookingPath.split('_').pop()) * 1000).toISOString().replace('.000Z', 'Z');
      const when = page.locator('dt', { hasText: 'Date et heure' }).locator('xpath=following-sibling::dd[1]');
      const chosen = (await when.innerText()).trim();
      await page
        .getByText('Vous devez remplir et téléverser le formulaire de consentement avant de pouvoir réserver une consultation.')
        .waitFor();
      assert.equal(await page.getByRole('button', { name: /^Réserver/ }).count(), 0);

      await page.getByRole('link', { name: 'Remplir le formulaire de consentement' }).click();
      await waitForPath(page, '/client/consent-form-doc');
      await page.getByText(/vous reviendrez à votre réservation, avec le créneau choisi/).waitFor();
      await page.getByLabel(exactly('Formulaire rempli et signé (PDF)')).setInputFiles(pdf('consentement-signe.pdf'));
      await page.getByText(/^Fichier : consentement-signe\.pdf \(/).waitFor();
      await page.getByRole('button', { name: 'Envoyer le formulaire' }).click();

      // Back on the booking page, with the same slot, ready to book.
      await waitForPath(page, bookingPath);
      await page.getByText('Votre formulaire de consentement est enregistré : vous pouvez réserver ce créneau.').waitFor();
      assert.equal((await when.innerText()).trim(), chosen);
      // The free first consultation is offered before any amount, and its total is 0.
      const offer = page.getByText('Vous pouvez bénéficier d’une première consultation gratuite avec cet expert. Cliquez pour continuer.');
      const offerBox = await offer.boundingBox();
      const firstAmount = await page.locator('dt', { hasText: /^Prix$/ }).boundingBox();
      assert.ok(offerBox.y < firstAmount.y, 'the offer is above the price');
      assert.match(await page.getByTestId('quote-total').innerText(), /^0,00\s€$/);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), true);
      await page.getByRole('button', { name: 'Réserver gratuitement' }).click();
      await page.getByRole('heading', { name: 'Réservation confirmée' }).waitFor();

      const session = await signIn('client', person);
      const { items } = await session.get('/api/client/bookings?status=confirmed');
      assert.deepEqual(
        items.map((row) => [row.consultant.id, row.start, row.free]),
        [[expert.id, start, true]],
      );
    });
  });
});
