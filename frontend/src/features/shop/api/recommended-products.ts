import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CatalogueCard } from './types';

/** The most products an expert recommends (docs/api.md "Lifestyle catalogue"). */
export const MAX_RECOMMENDATIONS = 12;

const base = '/api/consultant/recommended-products';
/** Every recommended products query (the expert's page's too: `get-expert-recommendations.ts`, kept apart so that page loads nothing of this editor). */
const recommendationsKey = ['recommended-products'] as const;
const mineKey = [...recommendationsKey, 'mine'] as const;

/** `GET /api/consultant/recommended-products` → `{items: [card]}`: the signed-in expert's list, in order. */
export const useMyRecommendations = () =>
  useQuery({
    queryKey: mineKey,
    queryFn: ({ signal }) => api.get<{ items: CatalogueCard[] }>(base, { signal }),
    select: (data) => data.items,
  });

/**
 * `PUT /api/consultant/recommended-products` `{item_ids}` (at most 12, in order) → 204; 400 `item_ids`
 * (`catalogue.item_unknown`, `list.too_many`), shown by the editor. The success is announced by the mutation.
 */
export const useSaveRecommendations = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) => api.put<void>(base, { item_ids: itemIds }),
    meta: { feedback: { success: 'recommendedProducts.saved' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recommendationsKey }),
  });
};
