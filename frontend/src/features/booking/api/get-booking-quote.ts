import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Money } from './types';

/** `GET /api/client/booking-quote` (contract "Booking (client)"). */
export type BookingQuote = {
  consultant: { id: string; given_name: string; family_name: string; photo_url: string | null };
  start: string;
  end: string;
  local_start: string;
  timezone: string;
  duration_minutes: number;
  price: Money;
  discount: Money;
  total: Money;
  free_first_eligible: boolean;
  consent_form_uploaded: boolean;
  slot_free: boolean;
  /** Why the slot cannot be booked (`slot_taken`, `slot_unavailable`, …), null when it is free. */
  error_code?: string | null;
  coupon: { code: string; applied: boolean; error_code: string | null } | null;
};

export type QuoteParams = { consultantId: string; start: string; coupon: string };

export const getBookingQuote = ({ consultantId, start, coupon }: QuoteParams, signal?: AbortSignal) =>
  api.get<BookingQuote>('/api/client/booking-quote', {
    query: { consultant_id: consultantId, start, coupon },
    signal,
  });

export const quoteQueryOptions = (params: QuoteParams) =>
  queryOptions({
    queryKey: ['booking-quote', params],
    queryFn: ({ signal }) => getBookingQuote(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });

export const useBookingQuote = (params: QuoteParams) => useQuery(quoteQueryOptions(params));
