import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `GET /api/public/figures`: the home page's live counts, from the read models (listed
 * experts, active clients, consultations held) and the smallest one worth showing.
 */
export type Figures = { experts: number; clients: number; consultations: number; shown_from: number };

export const FIGURE_NAMES = ['experts', 'clients', 'consultations'] as const;
export type FigureName = (typeof FIGURE_NAMES)[number];

export const getFigures = (signal?: AbortSignal) => api.get<Figures>('/api/public/figures', { signal });

export const figuresQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'figures'],
    queryFn: ({ signal }) => getFigures(signal),
    // The server's answer may be a minute old anyway (Cache-Control: max-age=60).
    staleTime: 60_000,
    // Figures are a bonus: without them the page simply shows none (no error toast).
    meta: { silent: true },
  });

export const useFigures = () => useQuery(figuresQueryOptions());

/** The figures worth showing, in display order: none below the server's `shown_from`. */
export const shownFigures = (figures: Figures | undefined): { name: FigureName; count: number }[] =>
  figures
    ? FIGURE_NAMES.map((name) => ({ name, count: figures[name] })).filter(({ count }) => count >= figures.shown_from)
    : [];
