import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateQuotes } from './quote-keys';
import type { QuoteBody } from './types';

/**
 * `POST /api/admin-panel/quotes` → 201 `{id}`, or with an id `PUT /api/admin-panel/quotes/{id}` → 200
 * `{id}`; 400 `validation_failed` (`text_fr`, `text_en`, `author`); 404; 409 `quote_trashed`.
 */
export const saveQuote = (id: string | undefined, body: QuoteBody) =>
  id
    ? api.put<{ id: string }>(`/api/admin-panel/quotes/${encodeURIComponent(id)}`, body)
    : api.post<{ id: string }>('/api/admin-panel/quotes', body);

/** Announced by the mutation cache, so the message survives the form leaving for the list. */
export const useSaveQuote = (id?: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteBody) => saveQuote(id, body),
    // Refusals go on the form's fields (or a message, from the form).
    meta: { feedback: { success: id ? 'adminQuotes.updated' : 'adminQuotes.created' } },
    onSuccess: () => invalidateQuotes(queryClient),
  });
};
