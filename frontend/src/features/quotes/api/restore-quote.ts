import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { invalidateQuotes } from './quote-keys';
import type { QuoteRef } from './trash-quote';

/** `POST /api/admin-panel/quotes/{id}/restore` → 204: back in the home page's rotation; 404. */
export const restoreQuote = (id: string) =>
  api.post<void>(`/api/admin-panel/quotes/${encodeURIComponent(id)}/restore`);

export const useRestoreQuote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quote: QuoteRef) => restoreQuote(quote.id),
    meta: {
      feedback: {
        success: (_data, quote) => i18n.t('adminQuotes.restored', { text: (quote as QuoteRef).text }),
        errorToast: true,
      },
    },
    onSettled: () => invalidateQuotes(queryClient),
  });
};
