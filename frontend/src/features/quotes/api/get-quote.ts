import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQuotesKey } from './quote-keys';
import type { AdminQuote } from './types';

/** `GET /api/admin-panel/quotes/{id}`: one quote (trashed too); 404. */
export const getQuote = (id: string, signal?: AbortSignal) =>
  api.get<AdminQuote>(`/api/admin-panel/quotes/${encodeURIComponent(id)}`, { signal });

export const quoteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminQuotesKey, 'quote', id],
    queryFn: ({ signal }) => getQuote(id, signal),
    // The form starts from what is saved now.
    staleTime: 0,
    meta: { silent: true },
  });

export const useQuote = (id: string) => useQuery(quoteQueryOptions(id));
