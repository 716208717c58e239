import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ConsultantPage } from './types';

export const CONSULTANTS_PAGE_SIZE = 20;

export type ConsultantListParams = { search: string; status: string; page: number };

export const adminConsultantsKey = ['admin-consultants'] as const;

/** `GET /api/admin-panel/consultants?search=&status=&page=&page_size=20`. */
export const getConsultants = (params: ConsultantListParams, signal?: AbortSignal) =>
  api.get<ConsultantPage>('/api/admin-panel/consultants', {
    query: { search: params.search, status: params.status, page: params.page, page_size: CONSULTANTS_PAGE_SIZE },
    signal,
  });

export const consultantsQueryOptions = (params: ConsultantListParams) =>
  queryOptions({
    queryKey: [...adminConsultantsKey, 'list', params],
    queryFn: ({ signal }) => getConsultants(params, signal),
    placeholderData: keepPreviousData,
  });

export const useConsultants = (params: ConsultantListParams) => useQuery(consultantsQueryOptions(params));
