import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQuotesKey } from './quote-keys';
import type { AdminQuote, ListPage } from './types';

export const ADMIN_QUOTES_PAGE_SIZE = 20;

export type AdminQuoteListParams = { trashed: boolean; search: string; page: number };

/**
 * `GET /api/admin-panel/quotes?search=&trashed=&page=&page_size=20`: latest added first; `search` on the
 * author and both texts, case and accents ignored.
 */
export const getQuotes = (params: AdminQuoteListParams, signal?: AbortSignal) =>
  api.get<ListPage<AdminQuote>>('/api/admin-panel/quotes', {
    query: {
      search: params.search,
      trashed: String(params.trashed),
      page: params.page,
      page_size: ADMIN_QUOTES_PAGE_SIZE,
    },
    signal,
  });

export const quotesQueryOptions = (params: AdminQuoteListParams) =>
  queryOptions({
    queryKey: [...adminQuotesKey, 'list', params],
    queryFn: ({ signal }) => getQuotes(params, signal),
    placeholderData: keepPreviousData,
  });

export const useQuotes = (params: AdminQuoteListParams) => useQuery(quotesQueryOptions(params));
