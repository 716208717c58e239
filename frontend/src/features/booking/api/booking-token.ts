import { paths } from '@/config/paths';

/**
 * The booking page's token (contract "Booking (client)"): `{consultant_id}_{start as unix seconds}`.
 * Consultant ids are UUIDs (no `_`), so the last `_` splits it.
 */
export const bookingToken = (consultantId: string, start: string) =>
  `${consultantId}_${Math.floor(new Date(start).getTime() / 1000)}`;

/** RFC 3339 UTC without fractions: `2026-11-30T09:00:00Z`. */
export const rfc3339 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const parseBookingToken = (token: string): { consultantId: string; start: string } | null => {
  const at = token.lastIndexOf('_');
  if (at <= 0) return null;
  const seconds = token.slice(at + 1);
  if (!/^\d{9,11}$/.test(seconds)) return null;
  return { consultantId: token.slice(0, at), start: rfc3339(new Date(Number(seconds) * 1000)) };
};

/** The booking page resuming the payment of the client's held booking `row` (its slot's token and `?booking={id}`). */
export const resumePaymentHref = (row: { id: string; consultant: { id: string }; start: string }) =>
  paths.booking.getHref(bookingToken(row.consultant.id, row.start), row.id);
