import type { QueryClient } from '@tanstack/react-query';

/** Queries of the admin quote screens (lists and quotes). */
export const adminQuotesKey = ['admin-quotes'] as const;

/** The home page's quote of the day (per language): read again after an administrator's change. */
export const quoteOfTheDayKey = ['quote-of-the-day'] as const;

/** After a write: the admin lists and quotes, and the home page's quote. */
export const invalidateQuotes = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminQuotesKey }),
    queryClient.invalidateQueries({ queryKey: quoteOfTheDayKey }),
  ]);
