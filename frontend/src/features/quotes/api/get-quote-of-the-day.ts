import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { quoteOfTheDayKey } from './quote-keys';
import type { QuoteLanguage, QuoteOfTheDay } from './types';

/**
 * `GET /api/public/quote-of-the-day`: today's quote (the day in Europe/Paris) in `language`, or null.
 * The request says its language explicitly (the same as its query key), so a cached answer is never one
 * of the other language.
 */
export const getQuoteOfTheDay = (language: QuoteLanguage, signal?: AbortSignal) =>
  api.get<QuoteOfTheDay>('/api/public/quote-of-the-day', { headers: { 'Accept-Language': language }, signal });

export const quoteOfTheDayQueryOptions = (language: QuoteLanguage) =>
  queryOptions({
    queryKey: [...quoteOfTheDayKey, language],
    queryFn: ({ signal }) => getQuoteOfTheDay(language, signal),
    // A bonus on the home page: a failure shows nothing (no error toast).
    meta: { silent: true },
  });

/** Today's quote in the interface language (French unless English). */
export const useQuoteOfTheDay = () => {
  const { i18n } = useTranslation();
  const language: QuoteLanguage = i18n.language === 'en' ? 'en' : 'fr';
  return useQuery(quoteOfTheDayQueryOptions(language));
};
