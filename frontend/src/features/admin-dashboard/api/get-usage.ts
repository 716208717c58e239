import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How many weeks of usage the dashboard shows. */
export const USAGE_WEEKS = 12;

/** A week's visits of one screen by one role: `views` events from `people` distinct anonymised ids. */
export type UsageRow = {
  week: string;
  view: 'dashboard' | 'bookings' | 'complaints_by_me' | 'complaints_against_me';
  role: 'client' | 'consultant';
  views: number;
  people: number;
};

/** docs/api.md "Consent and usage analytics": ISO weeks (`2026-W48`), newest first. */
export type UsageData = { items: UsageRow[] };

/** `GET /api/admin-panel/usage?weeks=12`: visits counted only with the visitor's consent. */
export const getUsage = (weeks: number, signal?: AbortSignal) =>
  api.get<UsageData>('/api/admin-panel/usage', { query: { weeks }, signal });

export const usageQueryOptions = (weeks: number) =>
  queryOptions({
    queryKey: ['admin-usage', weeks],
    queryFn: ({ signal }) => getUsage(weeks, signal),
  });

export const useUsage = (weeks: number) => useQuery(usageQueryOptions(weeks));
