/** Types of the quotes' HTTP contract (docs/api.md "Quotes"). */

export const QUOTE_LANGUAGES = ['fr', 'en'] as const;
export type QuoteLanguage = (typeof QUOTE_LANGUAGES)[number];

/** `QuoteBody`: what `POST` and `PUT /api/admin-panel/quotes` take. */
export type QuoteBody = { text_fr: string; text_en: string; author: string };

/** A row of `GET /api/admin-panel/quotes`, and `GET /api/admin-panel/quotes/{id}`. */
export type AdminQuote = {
  quote_id: string;
  text_fr: string;
  text_en: string;
  author: string;
  added_at: string;
  updated_at: string;
  trashed_at: string | null;
};

/** `GET /api/public/quote-of-the-day`, in the request's language; `quote` is null while there is none. */
export type QuoteOfTheDay = { quote: { id: string; text: string; author: string } | null };

export type ListPage<T> = { items: T[]; total: number; page: number; page_size: number };
