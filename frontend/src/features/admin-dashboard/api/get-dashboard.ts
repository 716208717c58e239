import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The periods the dashboard offers, in weeks (the API refuses others). */
export const DASHBOARD_PERIODS = [4, 12, 52] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_PERIOD: DashboardPeriod = 12;

export type BookingsWeek = { week: string; start: string; confirmed: number; cancelled: number; no_show: number };
export type RevenueWeek = {
  week: string;
  start: string;
  currency: string;
  paid_minor: number;
  refunded_minor: number;
  net_minor: number;
};
export type SignUpsWeek = { week: string; start: string; clients: number; consultants: number };

/** docs/complaints.md "Dashboard": ISO weeks in Europe/Paris, oldest first, empty weeks as zeros. */
export type DashboardData = {
  weeks: number;
  from: string;
  to: string;
  bookings: BookingsWeek[];
  revenue: RevenueWeek[];
  sign_ups: SignUpsWeek[];
  awaiting_review: number;
  complaints_open_by_age: { under_7_days: number; from_7_to_30_days: number; over_30_days: number };
};

/** A period from the address (`?weeks=`): one of the offered ones, else the default. */
export const readPeriod = (value: string | null): DashboardPeriod =>
  DASHBOARD_PERIODS.find((period) => String(period) === value) ?? DEFAULT_PERIOD;

/** `GET /api/admin-panel/dashboard?weeks=4|12|52`. */
export const getDashboard = (weeks: DashboardPeriod, signal?: AbortSignal) =>
  api.get<DashboardData>('/api/admin-panel/dashboard', { query: { weeks }, signal });

export const dashboardQueryOptions = (weeks: DashboardPeriod) =>
  queryOptions({
    queryKey: ['admin-dashboard', weeks],
    queryFn: ({ signal }) => getDashboard(weeks, signal),
  });

export const useDashboard = (weeks: DashboardPeriod) => useQuery(dashboardQueryOptions(weeks));
