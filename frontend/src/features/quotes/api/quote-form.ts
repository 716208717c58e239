import type { TFunction } from 'i18next';
import * as yup from 'yup';
import type { AdminQuote, QuoteBody } from './types';

/** docs/api.md "Quotes" bounds (characters, after trimming), checked here too so a mistake shows before sending. */
export const QUOTE_BOUNDS = { textMax: 400, authorMax: 100 } as const;

/** The server's field names, which are the form's too. */
export const QUOTE_FIELDS = ['text_fr', 'text_en', 'author'] as const;

export type QuoteFormValues = QuoteBody;

/** Characters as a person (and the server) counts them, not UTF-16 units; spaces around left out. */
export const quoteLength = (text: string) => [...text.trim()].length;

/** The form's values: empty for a new quote, else the saved one. */
export const quoteFormValues = (quote?: AdminQuote): QuoteFormValues => ({
  text_fr: quote?.text_fr ?? '',
  text_en: quote?.text_en ?? '',
  author: quote?.author ?? '',
});

/** The `QuoteBody` sent: trimmed (the server trims too); the texts keep their inner line breaks. */
export const toQuoteBody = (values: QuoteFormValues): QuoteBody => ({
  text_fr: values.text_fr.trim(),
  text_en: values.text_en.trim(),
  author: values.author.trim(),
});

/** The form's checks (docs/api.md "Quotes": texts 1–400 characters, author 1–100). */
export const quoteFormSchema = (t: TFunction) => {
  const bounded = (max: number, message: string) =>
    yup
      .string()
      .test('required', 'validation.required', (value) => quoteLength(value ?? '') > 0)
      .test('max', message, (value) => quoteLength(value ?? '') <= max);
  const textMax = t('adminQuotes.validation.textMax', { max: QUOTE_BOUNDS.textMax });
  return yup.object({
    text_fr: bounded(QUOTE_BOUNDS.textMax, textMax),
    text_en: bounded(QUOTE_BOUNDS.textMax, textMax),
    author: bounded(QUOTE_BOUNDS.authorMax, t('adminQuotes.validation.authorMax', { max: QUOTE_BOUNDS.authorMax })),
  });
};
