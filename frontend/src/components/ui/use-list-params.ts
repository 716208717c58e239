import { useSearchParams } from 'react-router';

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * Search, page and extra filters of an admin list, kept in the address
 * (`?search=&page=`), so back, forward and reload keep the view.
 */
export const useListParams = <K extends string>(filterKeys: readonly K[] = []) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const page = readPage(searchParams.get('page'));
  const filters = Object.fromEntries(filterKeys.map((key) => [key, searchParams.get(key) ?? ''])) as Record<K, string>;

  /** A new search or filter starts at page 1; a page change keeps the rest. */
  const goTo = (next: { search?: string; page?: number; filters?: Partial<Record<K, string>> }) => {
    const params = new URLSearchParams();
    const nextSearch = next.search ?? search;
    if (nextSearch) params.set('search', nextSearch);
    for (const key of filterKeys) {
      const value = next.filters?.[key] ?? filters[key];
      if (value) params.set(key, value);
    }
    const nextPage = next.page ?? 1;
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearchParams(params);
  };

  return { search, page, filters, goTo };
};
