/** Shapes of docs/booking.md ("Booking", "Dashboards"). Money is integer minor units. */
export type Money = { amount_minor: number; currency: string };

export const BOOKING_STATUSES = ['held', 'confirmed', 'expired', 'cancelled', 'completed', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * The amount of an intent or a receipt. The contract names it `{minor, currency}`; the server as built
 * answers the codebase's `{amount_minor, currency}`: both are read (`toMoney`).
 */
export type MinorAmount = { minor: number; currency: string } | Money;

/** An intent's or a receipt's amount as `Money`, whichever field name it came with. */
export const toMoney = (amount: MinorAmount): Money =>
  'amount_minor' in amount ? amount : { amount_minor: amount.minor, currency: amount.currency };

/** A PDF issued for a payment (invoice, "Facture") or a refund (credit note, "Avoir"): a same-origin GET. */
export type Receipt = {
  id: string;
  number: string;
  kind: 'payment' | 'refund';
  amount: MinorAmount;
  issued_at: string;
  url: string;
};

/** `name` is null when the caller may not see it (a consultant sees a client's name once booked). */
export type Party = { id: string; name: string | null };

/** One booking as every area's list and detail answer it. */
export type BookingRow = {
  id: string;
  status: BookingStatus;
  consultant: Party;
  client: Party;
  start: string;
  end: string;
  duration_minutes: number;
  price: Money;
  discount: Money;
  total: Money;
  free: boolean;
  coupon_code: string | null;
  card: { brand: string; last4: string } | null;
  refund: Money | null;
  cancelled_by: string | null;
  hold_expires_at: string | null;
  room: { id: string; opens_at: string; closes_at: string; open?: boolean } | null;
  created_at: string;
  /** Issued asynchronously after a payment or a refund; missing on older rows (read as none). */
  receipts?: Receipt[];
};

/**
 * What the command endpoints (pay, cancel, reschedule, no-show) answer: the booking as the
 * command side knows it, the row's field names without the parties' names.
 */
export type CommandBooking = Partial<Omit<BookingRow, 'consultant' | 'client'>> & { id: string; status: BookingStatus };

export type Page<T> = { items: T[]; total: number; page: number; page_size: number };

/** `type` is the event's name (`BookingHeld`, `BookingConfirmed`…); the actor may be unknown (system). */
export type HistoryEntry = {
  at: string;
  type: string;
  actor_role: string | null;
  actor_id: string | null;
  actor_name: string | null;
};

export type Note = {
  id: string;
  booking_id: string | null;
  client: Party | null;
  text: string;
  at: string;
};

/**
 * `POST /api/client/bookings/{id}/payment`: the booking's payment intent (the same one when asked again).
 * `stripe`: paid in Stripe's own element with `publishable_key`; `sandbox`: our test card form,
 * whose card goes to the sandbox provider's route, never to the booking API.
 */
export type PaymentIntent = {
  provider: 'sandbox' | 'stripe';
  intent_id: string;
  client_secret: string;
  publishable_key: string | null;
  amount: MinorAmount;
};

/** The sandbox provider's answer to a card or a 3-D Secure challenge (`message` translated). */
export type SandboxPaymentAnswer = {
  status: 'succeeded' | 'requires_action' | 'requires_payment_method';
  error_code: string | null;
  message: string | null;
};

/** Booking areas: the client's and the consultant's own, the admin's all. */
export type BookingArea = 'client' | 'consultant' | 'admin-panel';

/**
 * A held booking the client can still pay: its 15-minute hold has not lapsed. The server
 * marks a lapsed hold `expired` a little later; until then the screen treats it as lapsed.
 */
export const holdOpen = (row: Pick<BookingRow, 'status' | 'hold_expires_at'>, now = Date.now()) =>
  row.status === 'held' && row.hold_expires_at !== null && new Date(row.hold_expires_at).getTime() > now;

/** A held booking whose hold has lapsed (not yet marked `expired` by the server). */
export const holdLapsed = (row: Pick<BookingRow, 'status' | 'hold_expires_at'>, now = Date.now()) =>
  row.status === 'held' && row.hold_expires_at !== null && new Date(row.hold_expires_at).getTime() <= now;

/** Upcoming: not over yet and confirmed, or held with its hold not lapsed. */
export const isUpcoming = (row: Pick<BookingRow, 'status' | 'end' | 'hold_expires_at'>, now = Date.now()) =>
  (row.status === 'confirmed' || (row.status === 'held' && !holdLapsed(row, now))) && new Date(row.end).getTime() > now;

/** The video room can be joined (its window, DESIGN §4: 10 min before to 30 min after). */
export const roomOpen = (row: Pick<BookingRow, 'status' | 'room'>, now = Date.now()) => {
  if (row.status !== 'confirmed' || !row.room) return false;
  if (typeof row.room.open === 'boolean') return row.room.open;
  return new Date(row.room.opens_at).getTime() <= now && now < new Date(row.room.closes_at).getTime();
};

/** Client cancellation refunds in full `refundWindowHours` (the server's policy) or more before the start, nothing later. */
export const clientRefundsInFull = (start: string, refundWindowHours: number, now = Date.now()) =>
  new Date(start).getTime() - now >= refundWindowHours * 3_600_000;
