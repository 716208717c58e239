import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateBookings } from './invalidate';
import type { Money } from './types';

export type CreateBookingBody = { consultant_id: string; start: string; coupon_code?: string; free?: boolean };
export type CreatedBooking = {
  booking_id: string;
  status: 'held' | 'confirmed';
  hold_expires_at: string | null;
  total: Money;
};

/** `POST /api/client/bookings` → 201: held for 15 minutes (paid later), or confirmed at once when the total is 0. */
export const createBooking = (body: CreateBookingBody) => api.post<CreatedBooking>('/api/client/bookings', body);

export const useCreateBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    meta: { silent: true },
    onSettled: () => invalidateBookings(queryClient),
  });
};
