import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export type ShiftName = 'morning' | 'noon' | 'afternoon' | 'evening' | 'night';
/** Local `HH:MM` bounds; the night ends the next day. */
export type ShiftHours = { start: string; end: string };

/**
 * `GET /api/public/policies`: the rules the app states before a user acts, as the server's
 * domain holds them (refund window, session lengths, shift hours, room window), so the SPA
 * keeps no copy of them.
 */
export type Policies = {
  refund_window_hours: number;
  session_durations_minutes: number[];
  shifts: Record<ShiftName, ShiftHours>;
  room: { opens_minutes_before: number; closes_minutes_after: number };
};

export const getPolicies = (signal?: AbortSignal) => api.get<Policies>('/api/public/policies', { signal });

export const policiesQueryOptions = () =>
  queryOptions({
    queryKey: ['policies'],
    queryFn: ({ signal }) => getPolicies(signal),
    staleTime: 60 * 60_000,
  });

export const usePolicies = () => useQuery(policiesQueryOptions());
