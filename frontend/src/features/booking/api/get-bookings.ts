import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookingsKey } from './invalidate';
import type { BookingArea, BookingRow, Page } from './types';

/** Filters of the admin list (contract: `status, consultant_id, client_id, from, to, q, page`). */
export type BookingListParams = {
  status?: string;
  page: number;
  consultant_id?: string;
  client_id?: string;
  from?: string;
  to?: string;
  q?: string;
};

/** `GET /api/{client|consultant|admin-panel}/bookings?status=&page=…` (list envelope). */
export const getBookings = (area: BookingArea, params: BookingListParams, signal?: AbortSignal) =>
  api.get<Page<BookingRow>>(`/api/${area}/bookings`, { query: params, signal });

export const bookingsQueryOptions = (area: BookingArea, params: BookingListParams) =>
  queryOptions({
    queryKey: [...bookingsKey, area, 'list', params],
    queryFn: ({ signal }) => getBookings(area, params, signal),
    placeholderData: keepPreviousData,
  });

export const useBookings = (area: BookingArea, params: BookingListParams) =>
  useQuery(bookingsQueryOptions(area, params));
