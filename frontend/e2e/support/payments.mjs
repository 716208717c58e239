// Paying a held booking as the SPA does, card numbers never going to the booking API:
// the booking's payment intent (`POST …/payment`), the card to the sandbox provider's own
// route (`POST /api/public/sandbox-payments/{intent}/confirm`), then `POST …/pay {payment_intent}`.
import assert from 'node:assert/strict';

/** The sandbox provider's test cards (docs/booking.md "Paying"). */
export const SANDBOX_CARDS = {
  paid: '4242 4242 4242 4242',
  challenge: '4000 0025 0000 3155',
  challengeFails: '4000 0084 0000 1629',
  declined: '4000 0000 0000 0002',
};

/** Pays the held booking `bookingId` of the client `session` through the API with a card that needs no challenge. */
export const payThroughApi = async (session, bookingId, card = SANDBOX_CARDS.paid) => {
  const intent = await session.expect(200, 'POST', `/api/client/bookings/${bookingId}/payment`, { json: {} });
  assert.equal(intent.provider, 'sandbox', 'the browser tests run against the sandbox provider');
  const answer = await session.expect(200, 'POST', `/api/public/sandbox-payments/${intent.intent_id}/confirm`, {
    json: {
      client_secret: intent.client_secret,
      card_number: card.replace(/\s/g, ''),
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    },
  });
  assert.equal(answer.status, 'succeeded', `the sandbox took ${card}: ${JSON.stringify(answer)}`);
  return session.expect(200, 'POST', `/api/client/bookings/${bookingId}/pay`, { json: { payment_intent: intent.intent_id } });
};

/** Types `card` into the payment step's sandbox form (expiry 12/34, CVC 123) and presses « Payer … ». */
export const payWith = async (page, card) => {
  await page.getByLabel(/Numéro de carte/).fill(card);
  await page.getByLabel(/Date d’expiration/).fill('12/34');
  await page.getByLabel(/Cryptogramme/).fill('123');
  await page.getByRole('button', { name: /^Payer / }).click();
};

/** The sandbox's 3-D Secure page (a modal dialog) of the payment step. */
export const challengeDialog = (page) =>
  page.getByRole('dialog', { name: 'Authentification de votre banque (3-D Secure, bac à sable)' });

/** Whether a request is the sandbox provider's answer to `action` (`confirm` or `challenge`). */
export const isSandboxCall = (action) => (response) =>
  response.request().method() === 'POST' && /^\/api\/public\/sandbox-payments\/[^/]+\/(\w+)$/.exec(new URL(response.url()).pathname)?.[1] === action;
