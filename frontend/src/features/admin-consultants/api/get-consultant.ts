import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminConsultantsKey } from './get-consultants';
import type { AdminConsultantProfile } from './types';

/** `GET /api/admin-panel/consultants/{id}`. */
export const getConsultant = (id: string, signal?: AbortSignal) =>
  api.get<AdminConsultantProfile>(`/api/admin-panel/consultants/${encodeURIComponent(id)}`, { signal });

export const consultantQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminConsultantsKey, 'item', id],
    queryFn: ({ signal }) => getConsultant(id, signal),
    staleTime: 0,
    meta: { silent: true },
  });

export const useConsultant = (id: string) => useQuery(consultantQueryOptions(id));
