import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateBookings } from './invalidate';
import type { CommandBooking } from './types';

/**
 * `POST /api/client/bookings/{id}/pay` `{payment_intent}` once the provider has the card (no card here):
 * 200 booking row; 402 with the provider's reason (translated); 409 `payment_pending` (the intent is
 * not finished, e.g. a challenge still open); 409 `hold_expired`.
 */
export const payBooking = ({ id, intentId }: { id: string; intentId: string }) =>
  api.post<CommandBooking>(`/api/client/bookings/${encodeURIComponent(id)}/pay`, { payment_intent: intentId });

export const usePayBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: payBooking, onSettled: () => invalidateBookings(queryClient) });
};
