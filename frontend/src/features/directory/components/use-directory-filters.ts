import { useEffect } from 'react';
import {
  defaultFilters,
  getPersistedState,
  updatePersistedState,
  usePersistedState,
  type DirectoryFilters,
} from '@/lib/persisted-state';

import type { PublicReferenceKind } from '@/lib/public-reference';

export type ListFilter = 'keywords' | 'disorders' | 'objectives' | 'languages' | 'specialization';

/** The reference list each filter picks from. */
export const FILTER_LISTS = {
  specialization: 'specializations',
  disorders: 'disorders',
  objectives: 'objectives',
  keywords: 'keywords',
  languages: 'languages',
} as const satisfies Record<ListFilter, PublicReferenceKind>;

const setFilters = (change: (current: DirectoryFilters) => DirectoryFilters) =>
  updatePersistedState((s) => ({ ...s, filters: change(s.filters) }));

/** The filters a visit uses: the stored ones, with the address's search (page 1) when it differs. */
export const effectiveFilters = (stored: DirectoryFilters, searchParam: string | undefined): DirectoryFilters =>
  searchParam !== undefined && searchParam !== stored.search ? { ...stored, search: searchParam, page: 1 } : stored;

/**
 * The directory filters, kept in the persisted state (spec §3 "directory filters":
 * remembered in the browser). A `/our-experts/{search}` address pre-fills the search.
 * Any change but a page change goes back to page 1.
 */
export const useDirectoryFilters = (searchParam: string | undefined) => {
  const stored = usePersistedState((s) => s.filters);
  // The address wins at once (no request with the old search), then the store catches up.
  const filters = effectiveFilters(stored, searchParam);

  useEffect(() => {
    if (searchParam !== undefined && searchParam !== getPersistedState().filters.search) {
      setFilters((current) => ({ ...current, search: searchParam, page: 1 }));
    }
  }, [searchParam]);

  return {
    filters,
    setSearch: (search: string) => setFilters((current) => ({ ...current, search, page: 1 })),
    setList: (key: ListFilter, values: string[]) => setFilters((current) => ({ ...current, [key]: values, page: 1 })),
    setPage: (page: number) => setFilters((current) => ({ ...current, page })),
    clear: () => setFilters(() => defaultFilters()),
  };
};
