import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PaymentIntent } from './types';

/**
 * `POST /api/client/bookings/{id}/payment` → the booking's payment intent. Asking again answers the
 * same intent, so it is read like a query (kept for the page's life: a retry after a decline uses it
 * again). Refusals: 404, 409 `hold_expired` / `booking_not_payable`, 502 `payment_unavailable`.
 */
export const startPayment = (id: string) =>
  api.post<PaymentIntent>(`/api/client/bookings/${encodeURIComponent(id)}/payment`, {});

export const paymentIntentQueryOptions = (id: string) =>
  queryOptions({
    // Not under the bookings' key: invalidating the lists must not ask for the intent again.
    queryKey: ['payment-intent', id],
    queryFn: () => startPayment(id),
    staleTime: Infinity,
    gcTime: 15 * 60_000,
    // The step shows the refusal itself.
    meta: { silent: true },
  });

export const usePaymentIntent = (id: string) => useQuery(paymentIntentQueryOptions(id));
