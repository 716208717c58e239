/** Lower case, without accents, with ASCII minus signs: « Éthiopie » matches « ethiopie », « UTC−5 » « utc-5 ». */
export const searchable = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\u2212/g, '-')
    .toLowerCase();

/** The words of what a person typed, made `searchable`. */
export const queryWords = (query: string): string[] => searchable(query).split(/\s+/).filter(Boolean);

/** Whether every word is found in `haystack` (already `searchable`). */
export const hasEveryWord = (haystack: string, words: readonly string[]): boolean =>
  words.every((word) => haystack.includes(word));

/** Whether every word of `query` is found in `text` (accents and case ignored). */
export const matchesQuery = (text: string, query: string): boolean => hasEveryWord(searchable(text), queryWords(query));
