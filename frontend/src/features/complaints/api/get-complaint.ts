import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { complaintsKey } from './invalidate';
import type { ComplaintArea, ComplaintDetail } from './types';

/** `GET /api/{area}/complaints/{id}`: 404 unless the caller is a party (or an administrator). */
export const getComplaint = (area: ComplaintArea, id: string, signal?: AbortSignal) =>
  api.get<ComplaintDetail>(`/api/${area}/complaints/${encodeURIComponent(id)}`, { signal });

export const complaintQueryOptions = (area: ComplaintArea, id: string) =>
  queryOptions({
    queryKey: [...complaintsKey, area, 'detail', id],
    queryFn: ({ signal }) => getComplaint(area, id, signal),
  });

export const useComplaint = (area: ComplaintArea, id: string) =>
  useQuery({ ...complaintQueryOptions(area, id), meta: { silent: true } });
