import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setRoleStatus } from '@/lib/persisted-state';
import { STORAGE_KEYS } from '@/lib/storage';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { legalStanding } from '@/testing/site-pages';
import {
  bookingRow,
  CARDS,
  CONSULTANT,
  eur,
  heldRow,
  quote,
  sandboxProvider,
  SANDBOX_MESSAGES,
  START,
  TOKEN,
} from '../testing/booking-fixtures';

const user = () => userEvent.setup({ delay: null });
type User = ReturnType<typeof user>;

/** Types a card into the sandbox form (expiry 12/34, CVC 123). */
const typeCard = async (u: User, number: string) => {
  await u.type(await screen.findByLabelText(/Numéro de carte/), number);
  await u.type(screen.getByLabelText(/Date d’expiration/), '12/34');
  await u.type(screen.getByLabelText(/Cryptogramme/), '123');
};

/** Another card in the same form (the expiry and the CVC stay). */
const retypeCard = async (u: User, number: string) => {
  await u.clear(screen.getByLabelText(/Numéro de carte/));
  await u.type(screen.getByLabelText(/Numéro de carte/), number);
};

const asClient = (handlers: Record<string, StubHandler>) => {
  setRoleStatus('client', true);
  return stubFetch({ 'GET /api/client/session': () => json(sessionFor('client')), ...handlers });
};

const page = (items: unknown[]) => json({ items, total: items.length, page: 1, page_size: 20 });

const held = (total = eur(6000)) =>
  json(
    { booking_id: 'b1', status: 'held', hold_expires_at: new Date(Date.now() + 15 * 60_000).toISOString(), total },
    { status: 201 },
  );

describe('booking page', () => {
  it('sends a visitor to the client sign-in and remembers the booking page', async () => {
    const fetch = stubFetch();
    const { router } = renderApp(`/booking/${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/client/sign-in'));
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBe(`/booking/${TOKEN}`);
    // The sign-in says the chosen slot waits (and so does the sign-up it links to).
    expect(await screen.findByText(/Connectez-vous pour réserver le créneau choisi/)).toBeTruthy();
    // Nobody signed in here before: the session is not even asked (no 401 in the console).
    expect(fetch.calls('GET', '/api/client/session')).toEqual([]);
  });

  it('shows the quote in the client’s zone and books and pays with a coupon', async () => {
    const fetch = asClient({
      'GET /api/client/booking-quote': ({ url }) =>
        url.searchParams.get('coupon') === 'HIVER10'
          ? json(quote({ discount: eur(600), total: eur(5400), coupon: { code: 'HIVER10', applied: true, error_code: null } }))
          : json(quote()),
      'POST /api/client/bookings': () => held(eur(5400)),
      ...sandboxProvider({ amountMinor: 5400 }).handlers,
      'POST /api/client/bookings/b1/pay': () => json(bookingRow({ total: eur(5400), card: { brand: 'visa', last4: '4242' } })),
    });
    renderApp(`/booking/${TOKEN}`);
    expect(await screen.findByText('Inès Roux')).toBeTruthy();
    expect(fetch.calls('GET', '/api/client/booking-quote')[0].url.searchParams.get('start')).toBe(START);
    expect(fetch.calls('GET', '/api/client/booking-quote')[0].url.searchParams.get('consultant_id')).toBe(CONSULTANT);
    // 09:00 UTC is 10:00 in Paris.
    expect(screen.getByText(/lundi 4 mars 2030 .*10:00/)).toBeTruthy();
    expect(screen.getByText(/^Europe\/Paris/)).toBeTruthy();
    expect(screen.getByText('50 min')).toBeTruthy();
    expect(screen.getByTestId('quote-total').textContent).toMatch(/^60,00\s€$/);

    const u = user();
    await u.type(screen.getByLabelText('Code promo'), 'HIVER10');
    await u.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText(/Code HIVER10 appliqué : 6,00\s€ de remise\./)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toMatch(/^54,00\s€$/));

    await u.click(screen.getByRole('button', { name: 'Réserver maintenant' }));
    expect(fetch.calls('POST', '/api/client/bookings')[0].body).toEqual({
      consultant_id: CONSULTANT,
      start: START,
      coupon_code: 'HIVER10',
    });
    expect(await screen.findByRole('timer')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^1[45]:\d\d$/);
    // Sandbox mode: its test cards are listed under the form.
    expect(await screen.findByText('Cartes de test')).toBeTruthy();
    expect(screen.getByText(CARDS.challengeFails)).toBeTruthy();
    await typeCard(u, CARDS.success);
    await u.click(screen.getByRole('button', { name: /Payer 54,00/ }));
    expect(await screen.findByRole('heading', { name: 'Réservation confirmée' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings/b1/payment')).toHaveLength(1);
    // The card goes to the sandbox provider's route only; the booking is paid with the intent.
    expect(fetch.calls('POST', '/api/public/sandbox-payments/pi_sandbox_1/confirm')[0].body).toEqual({
      client_secret: 'pi_sandbox_1_secret_x',
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
    expect(fetch.calls('POST', '/api/client/bookings/b1/pay')[0].body).toEqual({ payment_intent: 'pi_sandbox_1' });
    const bookingApi = fetch.requests.filter((r) => r.path.startsWith('/api/client/'));
    expect(bookingApi.some((r) => JSON.stringify(r.body ?? {}).includes('4242424242424242'))).toBe(false);
    const confirmation = screen.getByRole('heading', { name: 'Réservation confirmée' }).closest('section')!;
    expect(within(confirmation).getByText('Visa se terminant par 4242')).toBeTruthy();
    expect(within(confirmation).getByText(/^54,00\s€$/)).toBeTruthy();
    expect(within(confirmation).getByRole('link', { name: 'Voir mes réservations' }).getAttribute('href')).toBe(
      '/client/my-booking',
    );
  });

  it('says why a coupon is refused, in French and in English', async () => {
    asClient({
      'GET /api/client/booking-quote': ({ url }) =>
        json(
          url.searchParams.get('coupon')
            ? quote({ coupon: { code: 'OLD', applied: false, error_code: 'coupon_expired' } })
            : quote(),
        ),
    });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    await u.type(await screen.findByLabelText('Code promo'), 'OLD');
    await u.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Ce code promo a expiré.')).toBeTruthy();
    expect(screen.getByLabelText('Code promo').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('quote-total').textContent).toMatch(/^60,00\s€$/);
    await u.click(screen.getByRole('button', { name: /^En/ }));
    expect(await screen.findByText('This coupon code has expired.')).toBeTruthy();
  });

  it('offers the free first consultation before any amount: the whole price off, a total of 0, Book Free, no payment', async () => {
    const fetch = asClient({
      // As the server answers: the quote's total is the price; the booking is sent with `free`.
      'GET /api/client/booking-quote': () => json(quote({ free_first_eligible: true })),
      'POST /api/client/bookings': () =>
        json({ booking_id: 'b2', status: 'confirmed', hold_expires_at: null, total: eur(0) }, { status: 201 }),
    });
    renderApp(`/booking/${TOKEN}`);
    const offer = await screen.findByText(
      'Vous pouvez bénéficier d’une première consultation gratuite avec cet expert. Cliquez pour continuer.',
    );
    const total = screen.getByTestId('quote-total');
    // The offer is read before any amount.
    expect(offer.compareDocumentPosition(screen.getByText(/^60,00\s€$/)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(total.textContent).toMatch(/^0,00\s€$/);
    expect(screen.getByText('Première consultation offerte').nextElementSibling?.textContent).toMatch(/^−60,00\s€$/);
    expect(screen.queryByRole('button', { name: 'Réserver maintenant' })).toBeNull();
    expect(screen.queryByLabelText('Code promo')).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Réserver gratuitement' }));
    expect(await screen.findByRole('heading', { name: 'Réservation confirmée' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings')[0].body).toEqual({ consultant_id: CONSULTANT, start: START, free: true });
    expect(screen.queryByLabelText(/Numéro de carte/)).toBeNull();
  });

  it('shows Book Free and the spec’s English message in English', async () => {
    asClient({ 'GET /api/client/booking-quote': () => json(quote({ free_first_eligible: true, total: eur(0) })) });
    renderApp(`/booking/${TOKEN}`);
    await screen.findByRole('button', { name: 'Réserver gratuitement' });
    await user().click(screen.getByRole('button', { name: /^En/ }));
    expect(
      await screen.findByText('You are eligible for a free first consultation with this expert. Click to continue.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book Free' })).toBeTruthy();
  });

  it('refuses without the consent form: the reason, a link to the form and no booking button', async () => {
    asClient({ 'GET /api/client/booking-quote': () => json(quote({ consent_form_uploaded: false })) });
    renderApp(`/booking/${TOKEN}`);
    expect(
      await screen.findByText(
        'Vous devez remplir et téléverser le formulaire de consentement avant de pouvoir réserver une consultation.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/vous reviendrez ici avec ce créneau/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Remplir le formulaire de consentement' }).getAttribute('href')).toBe(
      '/client/consent-form-doc',
    );
    expect(screen.queryByRole('button', { name: /Réserver/ })).toBeNull();
  });

  it('the consent form detour keeps the slot: saving the form brings the client back to it, ready to book', async () => {
    let consent = false;
    const fetch = asClient({
      'GET /api/client/booking-quote': () => json(quote({ consent_form_uploaded: consent })),
      'GET /api/client/consent-form': () =>
        json({ uploaded: consent, uploaded_at: consent ? '2026-11-20T09:00:00Z' : null, file_key: consent ? 'k/f.pdf' : null }),
      'POST /api/client/files': () =>
        json({ key: 'k/f.pdf', content_type: 'application/pdf', size: 2048, name: 'f.pdf' }, { status: 201 }),
      'PUT /api/client/consent-form': () => {
        consent = true;
        return new Response(null, { status: 204 });
      },
      'POST /api/client/bookings': () => held(),
    });
    const { router } = renderApp(`/booking/${TOKEN}`);
    const u = user();
    await u.click(await screen.findByRole('link', { name: 'Remplir le formulaire de consentement' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/consent-form-doc'));
    expect(await screen.findByText(/vous reviendrez à votre réservation/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Revenir à ma réservation' }).getAttribute('href')).toBe(`/booking/${TOKEN}`);

    await u.upload(
      await screen.findByLabelText(/Formulaire rempli et signé/),
      new File(['%PDF-1.4'], 'f.pdf', { type: 'application/pdf' }),
    );
    await screen.findByText(/Fichier : f.pdf/);
    await u.click(screen.getByRole('button', { name: 'Envoyer le formulaire' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/booking/${TOKEN}`));
    expect(
      await screen.findByText('Votre formulaire de consentement est enregistré : vous pouvez réserver ce créneau.'),
    ).toBeTruthy();
    expect(screen.getByText(/lundi 4 mars 2030 .*10:00/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Réserver maintenant' }));
    await waitFor(() => expect(fetch.calls('POST', '/api/client/bookings')).toHaveLength(1));
    expect(fetch.calls('POST', '/api/client/bookings')[0].body).toEqual({ consultant_id: CONSULTANT, start: START });
    // Used once: the consent form page no longer sends back here.
    expect(window.localStorage.getItem(STORAGE_KEYS.persistedState)).toContain('"bookingReturn":null');
  });

  it('back from the consent form, a slot taken meanwhile is said so, with the way to another slot', async () => {
    asClient({
      'GET /api/client/booking-quote': () => json(quote({ slot_free: false, error_code: 'slot_taken' })),
      'GET /api/client/bookings': () => page([]),
    });
    const { router } = renderApp('/');
    await router.navigate(`/booking/${TOKEN}`, { state: { consentSaved: true } });
    expect(
      await screen.findByText(
        'Votre formulaire de consentement est enregistré, mais ce créneau a été réservé par quelqu’un d’autre entre-temps. Choisissez-en un autre.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choisir un autre créneau' }).getAttribute('href')).toBe(
      `/our-experts/details/${CONSULTANT}#slots`,
    );
    expect(screen.queryByRole('button', { name: /Réserver/ })).toBeNull();
  });

  it('shows the provider’s decline message and lets the client try another card', async () => {
    const fetch = asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'POST /api/client/bookings': () => held(),
      ...sandboxProvider().handlers,
      'POST /api/client/bookings/b1/pay': () => json(bookingRow({ card: { brand: 'visa', last4: '4242' } })),
    });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    await typeCard(u, CARDS.declined);
    await u.click(screen.getByRole('button', { name: /Payer/ }));
    expect(await screen.findByText(SANDBOX_MESSAGES.card_declined)).toBeTruthy();
    expect(screen.getByText(SANDBOX_MESSAGES.card_declined).closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Réservation confirmée' })).toBeNull();
    expect(fetch.calls('POST', '/api/client/bookings/b1/pay')).toEqual([]);
    // The button is usable again; the same intent takes another card.
    expect(screen.getByRole('button', { name: /Payer 60,00/ }).hasAttribute('disabled')).toBe(false);
    await retypeCard(u, CARDS.success);
    await u.click(screen.getByRole('button', { name: /Payer/ }));
    expect(await screen.findByRole('heading', { name: 'Réservation confirmée' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings/b1/payment')).toHaveLength(1);
    expect(fetch.calls('POST', '/api/public/sandbox-payments/pi_sandbox_1/confirm')).toHaveLength(2);
    expect(fetch.calls('POST', '/api/client/bookings/b1/pay')).toHaveLength(1);
  });

  it('asks for the bank’s 3-D Secure challenge and pays once it is completed', async () => {
    const fetch = asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'POST /api/client/bookings': () => held(),
      ...sandboxProvider().handlers,
      'POST /api/client/bookings/b1/pay': () => json(bookingRow({ card: { brand: 'visa', last4: '3155' } })),
    });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    await typeCard(u, CARDS.challenge);
    await u.click(screen.getByRole('button', { name: /Payer 60,00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Authentification de votre banque (3-D Secure, bac à sable)' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText(/Montant : 60,00\s€/)).toBeTruthy();
    // Focus is inside the dialog; the pay button shows the payment in progress.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(screen.getByRole('button', { name: 'Paiement en cours…', hidden: true }).hasAttribute('disabled')).toBe(true);
    expect(fetch.calls('POST', '/api/client/bookings/b1/pay')).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('heading', { name: 'Réservation confirmée' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.calls('POST', '/api/public/sandbox-payments/pi_sandbox_1/challenge')[0].body).toEqual({
      client_secret: 'pi_sandbox_1_secret_x',
      outcome: 'complete',
    });
    expect(fetch.calls('POST', '/api/client/bookings/b1/pay')[0].body).toEqual({ payment_intent: 'pi_sandbox_1' });
  });

  it('a failed challenge shows the translated reason, keeps the form and the hold, and lets the client try again', async () => {
    const sandbox = sandboxProvider();
    const fetch = asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'POST /api/client/bookings': () => held(),
      ...sandbox.handlers,
      'POST /api/client/bookings/b1/pay': () => json(bookingRow({ card: { brand: 'visa', last4: '3155' } })),
    });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    await typeCard(u, CARDS.challengeFails);
    await u.click(screen.getByRole('button', { name: /Payer 60,00/ }));
    let dialog = await screen.findByRole('dialog', { name: /3-D Secure/ });
    await u.click(within(dialog).getByRole('button', { name: 'Échouer' }));
    const message = await screen.findByText(SANDBOX_MESSAGES.authentication_failed);
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Réservation confirmée' })).toBeNull();
    expect(fetch.calls('POST', '/api/client/bookings/b1/pay')).toEqual([]);
    // Still held: the countdown and the form stay; focus is back on the pay button.
    expect(screen.getByRole('timer')).toBeTruthy();
    const pay = screen.getByRole('button', { name: /Payer 60,00/ });
    await waitFor(() => expect(document.activeElement).toBe(pay));

    // Escape fails the challenge too.
    await u.click(pay);
    dialog = await screen.findByRole('dialog', { name: /3-D Secure/ });
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.calls('POST', '/api/public/sandbox-payments/pi_sandbox_1/challenge').map((r) => r.body)).toEqual([
      { client_secret: 'pi_sandbox_1_secret_x', outcome: 'fail' },
      { client_secret: 'pi_sandbox_1_secret_x', outcome: 'fail' },
    ]);
    expect(screen.getByText(SANDBOX_MESSAGES.authentication_failed)).toBeTruthy();

    // A card whose challenge the client completes.
    await retypeCard(u, CARDS.challenge);
    await u.click(screen.getByRole('button', { name: /Payer 60,00/ }));
    dialog = await screen.findByRole('dialog', { name: /3-D Secure/ });
    await u.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('heading', { name: 'Réservation confirmée' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings/b1/payment')).toHaveLength(1);
  });

  it('shows the challenge in English with Complete and Fail', async () => {
    const sandbox = sandboxProvider();
    asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'POST /api/client/bookings': () => held(),
      ...sandbox.handlers,
      // The amount as the server also words it (`amount_minor`, like the rows' money).
      'POST /api/client/bookings/b1/payment': () => json({ ...sandbox.intent, amount: eur(6000) }),
    });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: /^En/ }));
    await u.click(await screen.findByRole('button', { name: 'Book Now' }));
    await u.type(await screen.findByLabelText(/Card number/), CARDS.challenge);
    await u.type(screen.getByLabelText(/Expiry date/), '12/34');
    await u.type(screen.getByLabelText(/Security code/), '123');
    await u.click(screen.getByRole('button', { name: /Pay €60.00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Your bank’s authentication (3-D Secure, sandbox)' });
    expect(within(dialog).getByRole('button', { name: 'Complete' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Fail' })).toBeTruthy();
    expect(within(dialog).getByText(/Amount: €60.00/)).toBeTruthy();
  });

  it('says when the intent is not finished yet (payment_pending) and lets the client try again', async () => {
    let attempts = 0;
    asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'POST /api/client/bookings': () => held(),
      ...sandboxProvider().handlers,
      'POST /api/client/bookings/b1/pay': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(409, 'payment_pending', 'Le paiement n’est pas encore terminé.')
          : json(bookingRow({ card: { brand: 'visa', last4: '4242' } }));
      },
    });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    await typeCard(u, CARDS.success);
    await u.click(screen.getByRole('button', { name: /Payer/ }));
    expect((await screen.findByText('Le paiement n’est pas encore terminé.')).closest('[role="alert"]')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /Payer/ }));
    expect(await screen.findByRole('heading', { name: 'Réservation confirmée' })).toBeTruthy();
  });

  it('says when the payment service is unavailable and asks again on Réessayer', async () => {
    let attempts = 0;
    const sandbox = sandboxProvider();
    const fetch = asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'POST /api/client/bookings': () => held(),
      ...sandbox.handlers,
      'POST /api/client/bookings/b1/payment': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(502, 'payment_unavailable', 'Le service de paiement est indisponible.')
          : json(sandbox.intent);
      },
    });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    expect((await screen.findByText('Le service de paiement est indisponible.')).closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByLabelText(/Numéro de carte/)).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByLabelText(/Numéro de carte/)).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings/b1/payment')).toHaveLength(2);
  });

  it('goes to the lapse when the hold expired before the payment started', async () => {
    asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'POST /api/client/bookings': () => held(),
      'POST /api/client/bookings/b1/payment': () => apiError(409, 'hold_expired', 'Le délai est dépassé.'),
    });
    renderApp(`/booking/${TOKEN}`);
    await user().click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    expect(await screen.findByText('Le délai de 15 minutes pour payer est dépassé : le créneau a été libéré.')).toBeTruthy();
  });

  it('checks the card before sending it', async () => {
    const fetch = asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'POST /api/client/bookings': () => held(),
      ...sandboxProvider().handlers,
    });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    await u.type(await screen.findByLabelText(/Numéro de carte/), '4242 4242 4242 4241');
    await u.type(screen.getByLabelText(/Date d’expiration/), '13/34');
    await u.type(screen.getByLabelText(/Cryptogramme/), '12');
    await u.click(screen.getByRole('button', { name: /Payer/ }));
    expect(await screen.findByText('Ce numéro de carte n’est pas valide.')).toBeTruthy();
    expect(screen.getByText('Saisissez la date au format MM/AA.')).toBeTruthy();
    expect(screen.getByText('Le cryptogramme a 3 ou 4 chiffres.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/public/sandbox-payments/pi_sandbox_1/confirm')).toEqual([]);
    expect(fetch.calls('POST', '/api/client/bookings/b1/pay')).toEqual([]);
  });

  it('resumes the payment of the client’s own hold of this slot instead of holding it again', async () => {
    const hold = heldRow(12, { discount: eur(600), total: eur(5400), coupon_code: 'HIVER10' });
    const fetch = asClient({
      // The server counts the client's own hold against the slot.
      'GET /api/client/booking-quote': () => json(quote({ slot_free: false })),
      'GET /api/client/bookings': ({ url }) =>
        page(url.searchParams.get('status') === 'held' ? [heldRow(12, { id: 'other', start: '2030-03-05T09:00:00Z' }), hold] : []),
      'POST /api/client/bookings': () => apiError(409, 'client_overlap', 'Vous avez déjà une réservation à cette heure.'),
      ...sandboxProvider({ bookingId: 'h1', amountMinor: 5400 }).handlers,
      'POST /api/client/bookings/h1/pay': () =>
        json({ ...hold, status: 'confirmed', hold_expires_at: null, card: { brand: 'visa', last4: '4242' } }),
    });
    renderApp(`/booking/${TOKEN}`);
    expect(
      await screen.findByText('Vous avez déjà réservé ce créneau : finalisez le paiement avant la fin du délai.'),
    ).toBeTruthy();
    expect(fetch.calls('GET', '/api/client/bookings')[0].url.searchParams.get('status')).toBe('held');
    expect(screen.getByRole('timer').textContent).toMatch(/^1[12]:\d\d$/);
    expect(screen.getByTestId('quote-total').textContent).toMatch(/^54,00\s€$/);
    expect(screen.queryByText('Ce créneau n’est plus disponible. Choisissez-en un autre.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Réserver maintenant' })).toBeNull();
    expect(screen.queryByLabelText('Code promo')).toBeNull();

    const u = user();
    await typeCard(u, CARDS.success);
    await u.click(screen.getByRole('button', { name: /Payer 54,00/ }));
    const confirmation = (await screen.findByRole('heading', { name: 'Réservation confirmée' })).closest('section')!;
    expect(within(confirmation).getByText('Visa se terminant par 4242')).toBeTruthy();
    expect(within(confirmation).getByText(/^54,00\s€$/)).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings/h1/payment')).toHaveLength(1);
    expect(fetch.calls('POST', '/api/client/bookings/h1/pay')[0].body).toEqual({ payment_intent: 'pi_sandbox_1' });
    expect(fetch.calls('POST', '/api/client/bookings')).toEqual([]);
  });

  it('resumes the hold named in the address and shows a decline of the pay step like the first attempt', async () => {
    let attempts = 0;
    const fetch = asClient({
      'GET /api/client/booking-quote': () => json(quote({ slot_free: false })),
      'GET /api/client/bookings/h1': () => json(heldRow(5)),
      ...sandboxProvider({ bookingId: 'h1' }).handlers,
      'POST /api/client/bookings/h1/pay': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(402, 'card_declined', 'Votre carte a été refusée.')
          : json(bookingRow({ id: 'h1', card: { brand: 'visa', last4: '4242' } }));
      },
    });
    renderApp(`/booking/${TOKEN}?booking=h1`);
    const u = user();
    await typeCard(u, CARDS.success);
    await u.click(screen.getByRole('button', { name: /Payer 60,00/ }));
    expect((await screen.findByText('Votre carte a été refusée.')).closest('[role="alert"]')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /Payer/ }));
    expect(await screen.findByRole('heading', { name: 'Réservation confirmée' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings/h1/pay')).toHaveLength(2);
    expect(fetch.calls('POST', '/api/client/bookings')).toEqual([]);
    // The named booking is enough: no search among the held ones.
    expect(fetch.calls('GET', '/api/client/bookings')).toEqual([]);
  });

  it('says when the named hold has lapsed, then offers to start again', async () => {
    const fetch = asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'GET /api/client/bookings/h1': () => json(heldRow(-2)),
      'POST /api/client/bookings': () => held(),
      ...sandboxProvider().handlers,
    });
    renderApp(`/booking/${TOKEN}?booking=h1`);
    expect(await screen.findByText('Le délai de 15 minutes pour payer est dépassé : le créneau a été libéré.')).toBeTruthy();
    expect(screen.queryByLabelText(/Numéro de carte/)).toBeNull();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Recommencer' }));
    await u.click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    expect(await screen.findByLabelText(/Numéro de carte/)).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings')).toHaveLength(1);
  });

  it('goes back to the quote when the resumed hold lapses while paying (hold_expired)', async () => {
    asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'GET /api/client/bookings': () => page([heldRow(5)]),
      ...sandboxProvider({ bookingId: 'h1' }).handlers,
      'POST /api/client/bookings/h1/pay': () => apiError(409, 'hold_expired', 'Le délai est dépassé.'),
    });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    await typeCard(u, CARDS.success);
    await u.click(screen.getByRole('button', { name: /Payer/ }));
    expect(await screen.findByText('Le délai de 15 minutes pour payer est dépassé : le créneau a été libéré.')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Recommencer' }));
    // The lapsed hold is not resumed again.
    expect(await screen.findByRole('button', { name: 'Réserver maintenant' })).toBeTruthy();
    expect(screen.queryByLabelText(/Numéro de carte/)).toBeNull();
  });

  it('says when the slot was just taken and leads back to the slot picker', async () => {
    asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'POST /api/client/bookings': () => apiError(409, 'slot_taken', 'Ce créneau est déjà réservé.'),
    });
    renderApp(`/booking/${TOKEN}`);
    await user().click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    expect(
      await screen.findByText('Désolé, ce créneau vient d’être réservé par quelqu’un d’autre. Choisissez-en un autre.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choisir un autre créneau' }).getAttribute('href')).toBe(
      `/our-experts/details/${CONSULTANT}#slots`,
    );
    expect(screen.queryByRole('button', { name: 'Réserver maintenant' })).toBeNull();
  });

  it('says why a client whose account is being deleted cannot book, with the way to cancel the deletion', async () => {
    const PENDING = 'Votre compte est en cours de suppression : annulez la suppression pour réserver.';
    asClient({
      'GET /api/client/booking-quote': () => json(quote()),
      'POST /api/client/bookings': () => apiError(409, 'erasure_pending', PENDING),
    });
    renderApp(`/booking/${TOKEN}`);
    await user().click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    const alert = (await screen.findByText(PENDING)).closest('[role="alert"]');
    expect(alert).toBeTruthy();
    expect(within(alert as HTMLElement).getByRole('link', { name: 'Gérer la suppression dans « Mes données »' }).getAttribute('href')).toBe(
      '/client/my-data',
    );
  });

  describe('new terms to accept before booking', () => {
    const NEW = { terms: '2030-03-01', privacy: '2026-01' };
    const OLD = { terms: '2026-01', privacy: '2026-01' };

    it('asks for the versions in force before the booking button, then books', async () => {
      let accepted = OLD;
      const fetch = asClient({
        'GET /api/client/booking-quote': () => json(quote()),
        'GET /api/client/legal-acceptance': () => json(legalStanding(NEW, accepted)),
        'POST /api/client/legal-acceptance': () => {
          accepted = NEW;
          return new Response(null, { status: 204 });
        },
        'POST /api/client/bookings': () => held(),
      });
      renderApp(`/booking/${TOKEN}`);
      const panel = await screen.findByRole('region', { name: 'Nos conditions ont changé' });
      // No way to book yet.
      expect(screen.queryByRole('button', { name: 'Réserver maintenant' })).toBeNull();
      // The very versions to accept, each in a new tab.
      const terms = within(panel).getByRole('link', { name: /^Conditions générales \(version 2030-03-01\)/ });
      expect(terms.getAttribute('href')).toBe('/terms-conditions?version=2030-03-01');
      expect(terms.getAttribute('target')).toBe('_blank');
      expect(within(panel).getByRole('link', { name: /^Politique de confidentialité \(version 2026-01\)/ }).getAttribute('href')).toBe(
        '/privacy-policy?version=2026-01',
      );

      const u = user();
      // The box must be ticked first.
      await u.click(within(panel).getByRole('button', { name: 'Accepter et continuer' }));
      const box = within(panel).getByRole('checkbox', {
        name: 'J’ai lu et j’accepte les conditions générales et la politique de confidentialité en vigueur',
      });
      expect((await within(panel).findByRole('alert')).textContent).toBe(
        'Cochez la case pour accepter les conditions avant de continuer.',
      );
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(box);
      expect(fetch.calls('POST', '/api/client/legal-acceptance')).toHaveLength(0);

      await u.click(box);
      await u.click(within(panel).getByRole('button', { name: 'Accepter et continuer' }));
      const book = await screen.findByRole('button', { name: 'Réserver maintenant' });
      expect(fetch.calls('POST', '/api/client/legal-acceptance')[0].body).toEqual({
        terms_version: '2030-03-01',
        privacy_version: '2026-01',
      });
      expect(screen.queryByRole('region', { name: 'Nos conditions ont changé' })).toBeNull();
      const thanks = await screen.findByText('Merci, vous avez accepté les conditions en vigueur : vous pouvez réserver.');
      expect(thanks.closest('[role="status"]')).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(book));
      await u.click(book);
      expect(await screen.findByRole('timer')).toBeTruthy();
    });

    it('shows the panel again when a version came into force while the page was open (409 terms_not_accepted)', async () => {
      let inForce = OLD;
      asClient({
        'GET /api/client/booking-quote': () => json(quote()),
        'GET /api/client/legal-acceptance': () => json(legalStanding(inForce, OLD)),
        'POST /api/client/bookings': () => {
          inForce = NEW;
          return apiError(
            409,
            'terms_not_accepted',
            'Nos conditions générales ou notre politique de confidentialité ont changé : acceptez la nouvelle version avant de réserver.',
          );
        },
      });
      renderApp(`/booking/${TOKEN}`);
      await user().click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
      const heading = await screen.findByRole('heading', { name: 'Nos conditions ont changé' });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      expect(screen.getByRole('link', { name: /^Conditions générales \(version 2030-03-01\)/ })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Réserver maintenant' })).toBeNull();
    });

    it('says so when the versions changed again before accepting (terms.outdated) and shows the new ones unticked', async () => {
      let inForce = NEW;
      const NEWER = { terms: '2030-04-01', privacy: '2026-01' };
      const fetch = asClient({
        'GET /api/client/booking-quote': () => json(quote()),
        'GET /api/client/legal-acceptance': () => json(legalStanding(inForce, OLD)),
        'POST /api/client/legal-acceptance': () => {
          inForce = NEWER;
          return apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
            terms_version: 'Les conditions ont changé : veuillez accepter la version en vigueur.',
          });
        },
      });
      renderApp(`/booking/${TOKEN}`);
      const u = user();
      await u.click(await screen.findByRole('checkbox'));
      await u.click(screen.getByRole('button', { name: 'Accepter et continuer' }));
      expect(await screen.findByText('Les conditions ont changé : veuillez accepter la version en vigueur.')).toBeTruthy();
      expect(await screen.findByRole('link', { name: /^Conditions générales \(version 2030-04-01\)/ })).toBeTruthy();
      expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(false);
      expect(fetch.calls('POST', '/api/client/legal-acceptance')[0].body).toEqual({
        terms_version: '2030-03-01',
        privacy_version: '2026-01',
      });
    });
  });

  it('ends with the health disclaimer the administrators wrote', async () => {
    asClient({ 'GET /api/client/booking-quote': () => json(quote()) });
    renderApp(`/booking/${TOKEN}`);
    await screen.findByRole('button', { name: 'Réserver maintenant' });
    expect(await within(screen.getByRole('main')).findByText(/elles ne remplacent ni votre médecin traitant, ni un diagnostic/)).toBeTruthy();
  });
});
