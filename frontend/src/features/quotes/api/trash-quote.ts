import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { invalidateQuotes } from './quote-keys';

/** Which quote, and its (clipped) French text for the messages. */
export type QuoteRef = { id: string; text: string };

/** `POST /api/admin-panel/quotes/{id}/trash` → 204 (twice changes nothing); 404. */
export const trashQuote = (id: string) => api.post<void>(`/api/admin-panel/quotes/${encodeURIComponent(id)}/trash`);

/** Announced by the mutation cache (survives the row leaving the list); the lists are read again either way. */
export const useTrashQuote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quote: QuoteRef) => trashQuote(quote.id),
    meta: {
      feedback: {
        success: (_data, quote) => i18n.t('adminQuotes.trashed', { text: (quote as QuoteRef).text }),
        errorToast: true,
      },
    },
    onSettled: () => invalidateQuotes(queryClient),
  });
};
