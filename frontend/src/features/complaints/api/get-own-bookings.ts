import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Page, PartyArea } from './types';

/** What the filing form needs of one of the caller's bookings (`GET /api/{area}/bookings`, docs/booking.md). */
export type OwnBooking = {
  id: string;
  status: string;
  start: string;
  consultant: { id: string; name: string | null };
  client: { id: string; name: string | null };
};

/** Bookings a complaint may be about: confirmed once (the server checks a cancelled one was confirmed). */
export const COMPLAINABLE_STATUSES = ['confirmed', 'completed', 'no_show', 'cancelled'] as const;

/** The caller's latest bookings (100, the server's largest page), newest first. */
export const getOwnBookings = (area: PartyArea, signal?: AbortSignal) =>
  api.get<Page<OwnBooking>>(`/api/${area}/bookings`, { query: { page: 1, page_size: 100 }, signal });

export const ownBookingsQueryOptions = (area: PartyArea) =>
  queryOptions({
    queryKey: ['complaints', area, 'own-bookings'],
    queryFn: ({ signal }) => getOwnBookings(area, signal),
    select: (page) =>
      page.items
        .filter((row) => (COMPLAINABLE_STATUSES as readonly string[]).includes(row.status))
        .sort((a, b) => b.start.localeCompare(a.start)),
  });

export const useOwnBookings = (area: PartyArea) => useQuery(ownBookingsQueryOptions(area));
