import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CatalogueCard } from './types';

/**
 * `GET /api/public/experts/{id}/recommended-products` → `{items: [card]}`: what the expert recommends, in
 * their order. Quiet: the expert's page goes on without it (404 when the expert is not listed).
 */
export const useExpertRecommendations = (consultantId: string) =>
  useQuery({
    queryKey: ['recommended-products', 'expert', consultantId],
    queryFn: ({ signal }) =>
      api.get<{ items: CatalogueCard[] }>(
        `/api/public/experts/${encodeURIComponent(consultantId)}/recommended-products`,
        { signal },
      ),
    select: (data) => data.items,
    meta: { silent: true },
  });
