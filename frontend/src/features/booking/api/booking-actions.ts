import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateBookings } from './invalidate';
import type { BookingArea, CommandBooking } from './types';

/** The two parties' areas: both may cancel and reschedule. */
export type PartyArea = 'client' | 'consultant';

/** Who may cancel: either party, and the administrator (always a full refund, like a consultant). */
export type CancelArea = PartyArea | 'admin-panel';

const bookingPath = (area: BookingArea, id: string, action: string) =>
  `/api/${area}/bookings/${encodeURIComponent(id)}/${action}`;

/** `POST /api/{client|consultant|admin-panel}/bookings/{id}/cancel {reason?}` → the row with its refund. */
export const cancelBooking = ({ area, id, reason }: { area: CancelArea; id: string; reason?: string }) =>
  api.post<CommandBooking>(bookingPath(area, id, 'cancel'), reason ? { reason } : {});

/** `POST /api/{area}/bookings/{id}/reschedule {start}` → the row (same id, new times). */
export const rescheduleBooking = ({ area, id, start }: { area: PartyArea; id: string; start: string }) =>
  api.post<CommandBooking>(bookingPath(area, id, 'reschedule'), { start });

/** `POST /api/consultant/bookings/{id}/no-show` (after the end only). */
export const markNoShow = ({ id }: { id: string }) => api.post<CommandBooking>(bookingPath('consultant', id, 'no-show'));

const useBookingMutation = <Input>(mutationFn: (input: Input) => Promise<CommandBooking>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidateBookings(queryClient) });
};

export const useCancelBooking = () => useBookingMutation(cancelBooking);
export const useRescheduleBooking = () => useBookingMutation(rescheduleBooking);
export const useMarkNoShow = () => useBookingMutation(markNoShow);
