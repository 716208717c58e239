import { paths } from '@/config/paths';
import type { AdminQuote } from '../api/types';

/** Characters shown of a quote in the list (and in buttons' names and messages). */
export const CLIP_LIST = 120;
export const CLIP_NAME = 60;

/**
 * A quote on one line, at most `max` characters: line breaks and runs of spaces as one space, cut
 * after a whole word with "…" when longer.
 */
export const clipQuote = (text: string, max: number) => {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/u, '')}…`;
};

const SLUG_WORDS = 6;
const SLUG_MAX = 48;

/** "La paix vient de l’intérieur." → "la-paix-vient-de-l-interieur": a few words of a text for an address. */
export const quoteSlug = (text: string) => {
  const words = text
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words.slice(0, SLUG_WORDS)) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX) break;
    slug = next;
  }
  // A text without Latin letters or digits still gives a segment.
  return slug || words[0]?.slice(0, SLUG_MAX) || 'citation';
};

/**
 * spec §2 `edit-quote/{id}/{author_name}/{quote_title}`: the author as written and a short slug of the
 * French text, url-encoded (the page reads the quote by its id; the rest is only for the address). An
 * author of dots only would be a "." or ".." segment, which a browser removes: a word stands in for it.
 */
export const editQuoteHref = (quote: Pick<AdminQuote, 'quote_id' | 'author' | 'text_fr'>) => {
  const author = quote.author.trim();
  return paths.admin.quotes.edit.getHref(
    quote.quote_id,
    /^\.*$/.test(author) ? 'auteur' : author,
    quoteSlug(quote.text_fr),
  );
};
