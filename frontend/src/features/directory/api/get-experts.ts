import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ExpertCard } from '@/lib/expert-card';
import type { DirectoryFilters } from '@/lib/persisted-state';

export const EXPERTS_PAGE_SIZE = 12;

export type ExpertPage = { items: ExpertCard[]; total: number; page: number; page_size: number };

const ids = (values: readonly string[]) => (values.length > 0 ? values.join(',') : undefined);

/**
 * `GET /api/public/experts?search=&keywords=&disorders=&objectives=&languages=&specializations=&page=&page_size=12`:
 * filter values are comma-separated ids (languages: codes); empty filters are left out.
 */
export const expertsQuery = (filters: DirectoryFilters) => ({
  search: filters.search.trim() || undefined,
  keywords: ids(filters.keywords),
  disorders: ids(filters.disorders),
  objectives: ids(filters.objectives),
  languages: ids(filters.languages),
  specializations: ids(filters.specialization),
  page: filters.page,
  page_size: EXPERTS_PAGE_SIZE,
});

export const getExperts = (filters: DirectoryFilters, signal?: AbortSignal) =>
  api.get<ExpertPage>('/api/public/experts', { query: expertsQuery(filters), signal });

export const expertsQueryOptions = (filters: DirectoryFilters) =>
  queryOptions({
    queryKey: ['experts', 'list', expertsQuery(filters)],
    queryFn: ({ signal }) => getExperts(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useExperts = (filters: DirectoryFilters) => useQuery(expertsQueryOptions(filters));
