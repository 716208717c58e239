import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ExpertCard } from '@/lib/expert-card';
import { dashboardKey } from './invalidate';
import type { BookingRow, Note } from './types';

/** `GET /api/consultant/dashboard`. */
export type ConsultantDashboard = {
  next_appointment: BookingRow | null;
  today: BookingRow[];
  this_week: BookingRow[];
  total_clients: number;
  recent_notes: Note[];
};

/** `GET /api/client/dashboard`. */
export type ClientDashboard = {
  next_session: BookingRow | null;
  history: BookingRow[];
  favourites: ExpertCard[];
};

export const consultantDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...dashboardKey, 'consultant'],
    queryFn: ({ signal }) => api.get<ConsultantDashboard>('/api/consultant/dashboard', { signal }),
  });

export const clientDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...dashboardKey, 'client'],
    queryFn: ({ signal }) => api.get<ClientDashboard>('/api/client/dashboard', { signal }),
  });

export const useConsultantDashboard = () => useQuery(consultantDashboardQueryOptions());
export const useClientDashboard = () => useQuery(clientDashboardQueryOptions());
