import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Benefit, CatalogueCard, CatalogueItem, ListPage } from './types';

export const CATALOGUE_PAGE_SIZE = 12;

export type CatalogueParams = { search: string; kind: string; benefits: string[]; page: number };

/** `GET /api/public/lifestyle-products?search=&kind=&benefits=&page=&page_size=`: cards out of the trash. */
export const getCatalogue = (params: CatalogueParams, signal?: AbortSignal) =>
  api.get<ListPage<CatalogueCard>>('/api/public/lifestyle-products', {
    query: {
      search: params.search || undefined,
      kind: params.kind || undefined,
      benefits: params.benefits.length > 0 ? params.benefits.join(',') : undefined,
      page: params.page,
      page_size: CATALOGUE_PAGE_SIZE,
    },
    signal,
  });

export const catalogueQueryOptions = (params: CatalogueParams) =>
  queryOptions({
    queryKey: ['lifestyle-products', 'list', params],
    queryFn: ({ signal }) => getCatalogue(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCatalogue = (params: CatalogueParams) => useQuery(catalogueQueryOptions(params));

/** `GET /api/public/lifestyle-products/{id}`: one item with its sanitised description. */
export const useCatalogueItem = (id: string) =>
  useQuery({
    queryKey: ['lifestyle-products', 'item', id],
    queryFn: ({ signal }) => api.get<CatalogueItem>(`/api/public/lifestyle-products/${encodeURIComponent(id)}`, { signal }),
    meta: { silent: true },
  });

/** `GET /api/public/reference/benefits`: the active benefit labels (the catalogue's filter). */
export const benefitsQueryOptions = queryOptions({
  queryKey: ['public-reference', 'benefits', null],
  queryFn: ({ signal }) => api.get<{ items: Benefit[] }>('/api/public/reference/benefits', { signal }),
  staleTime: 5 * 60_000,
});

export const useBenefits = () => useQuery({ ...benefitsQueryOptions, select: (data) => data.items });
