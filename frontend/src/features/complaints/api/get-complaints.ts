import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { complaintsKey } from './invalidate';
import type { ComplaintRow, Page, PartyArea } from './types';

export type ComplaintScope = 'by_me' | 'against_me';
export type PartyListParams = { scope: ComplaintScope; status?: string; page: number };

/** `GET /api/{area}/complaints?scope=by_me|against_me&status=&page=` (latest filed first). */
export const getComplaints = (area: PartyArea, params: PartyListParams, signal?: AbortSignal) =>
  api.get<Page<ComplaintRow>>(`/api/${area}/complaints`, { query: params, signal });

export const complaintsQueryOptions = (area: PartyArea, params: PartyListParams) =>
  queryOptions({
    queryKey: [...complaintsKey, area, 'list', params],
    queryFn: ({ signal }) => getComplaints(area, params, signal),
    placeholderData: keepPreviousData,
  });

export const useComplaints = (area: PartyArea, params: PartyListParams) => useQuery(complaintsQueryOptions(area, params));
