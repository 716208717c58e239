import { json } from '@/testing/fetch-stub';
import type { BookingQuote } from '../api/get-booking-quote';
import type { BookingRow } from '../api/types';

export const CONSULTANT = '0190a0a0-0000-7000-8000-0000000000c1';
export const eur = (amount_minor: number) => ({ amount_minor, currency: 'EUR' });

/** A start far enough ahead: 2030-03-04 09:00 UTC (10:00 in Paris). */
export const START = '2030-03-04T09:00:00Z';
export const START_SECONDS = Date.parse(START) / 1000;
export const TOKEN = `${CONSULTANT}_${START_SECONDS}`;

export const quote = (overrides: Partial<BookingQuote> = {}): BookingQuote => ({
  consultant: { id: CONSULTANT, given_name: 'Inès', family_name: 'Roux', photo_url: null },
  start: START,
  end: '2030-03-04T09:50:00Z',
  local_start: '2030-03-04T10:00:00+01:00',
  timezone: 'Europe/Paris',
  duration_minutes: 50,
  price: eur(6000),
  discount: eur(0),
  total: eur(6000),
  free_first_eligible: false,
  consent_form_uploaded: true,
  slot_free: true,
  coupon: null,
  ...overrides,
});

export const bookingRow = (overrides: Partial<BookingRow> = {}): BookingRow => ({
  id: 'b1',
  status: 'confirmed',
  consultant: { id: CONSULTANT, name: 'Inès Roux' },
  client: { id: 'cl1', name: 'Camille Martin' },
  start: START,
  end: '2030-03-04T09:50:00Z',
  duration_minutes: 50,
  price: eur(6000),
  discount: eur(0),
  total: eur(6000),
  free: false,
  coupon_code: null,
  card: { brand: 'visa', last4: '4242' },
  refund: null,
  cancelled_by: null,
  hold_expires_at: null,
  room: { id: 'b1', opens_at: '2030-03-04T08:50:00Z', closes_at: '2030-03-04T10:20:00Z' },
  created_at: '2030-02-01T10:00:00Z',
  ...overrides,
});

/** An unpaid hold of the client on START (`h1`), open for `minutes` more (negative: lapsed). */
export const heldRow = (minutes: number, overrides: Partial<BookingRow> = {}): BookingRow =>
  bookingRow({
    id: 'h1',
    status: 'held',
    card: null,
    room: null,
    hold_expires_at: new Date(Date.now() + minutes * 60_000).toISOString(),
    ...overrides,
  });

/** The sandbox provider's test cards (docs: the sandbox provider). */
export const CARDS = {
  success: '4242 4242 4242 4242',
  challenge: '4000 0025 0000 3155',
  challengeFails: '4000 0084 0000 1629',
  declined: '4000 0000 0000 0002',
} as const;

export const SANDBOX_MESSAGES = {
  card_declined: 'Votre carte a été refusée.',
  authentication_failed: 'L’authentification 3-D Secure de votre banque a échoué. Essayez à nouveau ou utilisez une autre carte.',
} as const;

type Answer = { status: 'succeeded' | 'requires_action' | 'requires_payment_method'; error_code: string | null; message: string | null };
type Body = Record<string, unknown> | undefined;

/**
 * The booking's payment intent and the sandbox provider's two routes, as the server answers
 * them: the test cards decide (success, a challenge completed or always failed, a decline).
 * `state.status` is the intent's status (what `…/pay` would find).
 */
export const sandboxProvider = ({ bookingId = 'b1', intentId = 'pi_sandbox_1', amountMinor = 6000 } = {}) => {
  const state: { status: Answer['status'] | 'requires_confirmation'; failingChallenge: boolean } = {
    status: 'requires_confirmation',
    failingChallenge: false,
  };
  const answer = (status: Answer['status'], error_code: keyof typeof SANDBOX_MESSAGES | null = null): Answer => {
    state.status = status;
    return { status, error_code, message: error_code ? SANDBOX_MESSAGES[error_code] : null };
  };
  const intent = {
    provider: 'sandbox' as const,
    intent_id: intentId,
    client_secret: `${intentId}_secret_x`,
    publishable_key: null,
    amount: { minor: amountMinor, currency: 'EUR' },
  };
  const handlers = {
    [`POST /api/client/bookings/${bookingId}/payment`]: () => json(intent),
    [`POST /api/public/sandbox-payments/${intentId}/confirm`]: ({ body }: { body: unknown }) => {
      const number = (body as { card_number?: string } | undefined)?.card_number ?? '';
      if (number === CARDS.declined.replace(/\s/g, '')) return json(answer('requires_payment_method', 'card_declined'));
      if (number === CARDS.challenge.replace(/\s/g, '') || number === CARDS.challengeFails.replace(/\s/g, '')) {
        state.failingChallenge = number === CARDS.challengeFails.replace(/\s/g, '');
        return json(answer('requires_action'));
      }
      return json(answer('succeeded'));
    },
    [`POST /api/public/sandbox-payments/${intentId}/challenge`]: ({ body }: { body: unknown }) =>
      json(
        (body as Body)?.outcome === 'complete' && !state.failingChallenge
          ? answer('succeeded')
          : answer('requires_payment_method', 'authentication_failed'),
      ),
  };
  return { intent, handlers, state };
};

/** A receipt of `kind` (PDF link under the party's area). */
export const receipt = (kind: 'payment' | 'refund', number: string, minor = 6000, bookingId = 'b1') => ({
  id: `r-${number}`,
  number,
  kind,
  // The contract's `minor` for invoices, the rows' `amount_minor` for credit notes: both are read.
  amount: kind === 'payment' ? { minor, currency: 'EUR' } : { amount_minor: minor, currency: 'EUR' },
  issued_at: '2030-02-01T10:03:00Z',
  url: `/api/client/bookings/${bookingId}/receipts/r-${number}.pdf`,
});
