import type { AdminQuote } from '../api/types';

export const QUOTE_ID = '0190a0a0-0000-7000-8000-00000000a001';

/** A quote of the admin list (active unless said). */
export const adminQuote = (overrides: Partial<AdminQuote> = {}): AdminQuote => ({
  quote_id: QUOTE_ID,
  text_fr: 'La paix vient de l’intérieur. Ne la cherchez pas à l’extérieur.',
  text_en: 'Peace comes from within. Do not seek it without.',
  author: 'Bouddha',
  added_at: '2030-03-01T08:00:00Z',
  updated_at: '2030-03-01T08:00:00Z',
  trashed_at: null,
  ...overrides,
});

export const listOf = <T,>(items: T[], total = items.length, page = 1, page_size = 20) => ({
  items,
  total,
  page,
  page_size,
});
