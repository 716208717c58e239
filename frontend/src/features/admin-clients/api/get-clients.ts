import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountStatus } from '@/components/account/account-status-badge';
import { api } from '@/lib/api-client';

export const CLIENTS_PAGE_SIZE = 20;

export type ClientRow = {
  id: string;
  given_name: string;
  family_name: string;
  email: string;
  country_of_residence: string | null;
  registered_at: string;
  /** Deactivated by an administrator, or active. */
  account_status?: AccountStatus;
};

export type ClientPage = { items: ClientRow[]; total: number; page: number; page_size: number };

export type ClientListParams = { search: string; page: number };

export const adminClientsKey = ['admin-clients'] as const;

/** `GET /api/admin-panel/clients?search=&page=&page_size=20`. */
export const getClients = (params: ClientListParams, signal?: AbortSignal) =>
  api.get<ClientPage>('/api/admin-panel/clients', {
    query: { search: params.search, page: params.page, page_size: CLIENTS_PAGE_SIZE },
    signal,
  });

export const clientsQueryOptions = (params: ClientListParams) =>
  queryOptions({
    queryKey: [...adminClientsKey, 'list', params],
    queryFn: ({ signal }) => getClients(params, signal),
    placeholderData: keepPreviousData,
  });

export const useClients = (params: ClientListParams) => useQuery(clientsQueryOptions(params));
