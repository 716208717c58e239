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
