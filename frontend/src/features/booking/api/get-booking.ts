import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookingsKey } from './invalidate';
import type { BookingArea, BookingRow, HistoryEntry, Note } from './types';

/** The admin's detail also carries the event history and the consultant's notes. */
/** Administrators also get the history, the notes and, when one was typed, the cancellation reason (`[erased]` once the client is forgotten). */
export type BookingDetail = BookingRow & { history?: HistoryEntry[]; notes?: Note[]; cancellation_reason?: string };

/** `GET /api/{area}/bookings/{id}`. */
export const getBooking = (area: BookingArea, id: string, signal?: AbortSignal) =>
  api.get<BookingDetail>(`/api/${area}/bookings/${encodeURIComponent(id)}`, { signal });

export const bookingQueryOptions = (area: BookingArea, id: string) =>
  queryOptions({
    queryKey: [...bookingsKey, area, 'detail', id],
    queryFn: ({ signal }) => getBooking(area, id, signal),
  });

export const useBooking = (area: BookingArea, id: string) => useQuery({ ...bookingQueryOptions(area, id), enabled: id !== '' });
