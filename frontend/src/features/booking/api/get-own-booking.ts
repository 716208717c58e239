import { useQuery } from '@tanstack/react-query';
import { bookingQueryOptions } from './get-booking';
import { bookingsQueryOptions } from './get-bookings';
import type { BookingRow } from './types';

type Slot = { consultantId: string; start: string };

const sameSlot = (row: BookingRow, { consultantId, start }: Slot) =>
  row.consultant.id === consultantId && Date.parse(row.start) === Date.parse(start);

/**
 * The client's own booking of this slot, which the booking page resumes instead of holding
 * the slot again: the one named by `?booking={id}` (whatever its status, if it is this slot),
 * else one of the client's held bookings (`GET /api/client/bookings?status=held`).
 * `pending` while looking; `row` null when there is none or the lookup failed (book anew).
 */
export const useOwnBookingOfSlot = ({ consultantId, start, bookingId }: Slot & { bookingId: string | null }) => {
  const slot = { consultantId, start };
  const named = useQuery({
    ...bookingQueryOptions('client', bookingId ?? ''),
    enabled: bookingId !== null,
    meta: { silent: true },
  });
  const namedRow = named.data && sameSlot(named.data, slot) ? named.data : null;
  const namedSettled = bookingId !== null && !named.isPending;
  // Without a usable named booking, the client's held bookings (a few at most).
  const lookHeld = bookingId === null || (namedSettled && namedRow === null);
  const held = useQuery({
    ...bookingsQueryOptions('client', { status: 'held', page: 1 }),
    enabled: lookHeld,
    meta: { silent: true },
  });
  const heldRow = held.data?.items.find((row) => row.status === 'held' && sameSlot(row, slot)) ?? null;
  const pending = (bookingId !== null && named.isPending) || (lookHeld && held.isPending);
  return { pending, row: namedRow ?? (lookHeld ? heldRow : null) };
};
