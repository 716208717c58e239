import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ExpertCard } from '@/lib/expert-card';
import { favouritesKey, type Favourites } from './get-favourites';

/** `PUT /api/client/favourites/{consultant_id}` → 204 (idempotent). */
export const addFavourite = (id: string) => api.put<void>(`/api/client/favourites/${encodeURIComponent(id)}`);

/** `DELETE /api/client/favourites/{consultant_id}` → 204. */
export const removeFavourite = (id: string) => api.delete<void>(`/api/client/favourites/${encodeURIComponent(id)}`);

export type FavouriteChange = { expert: ExpertCard; favourite: boolean };

/**
 * Marks or unmarks a favourite, optimistically: the list changes at once and is
 * put back if the server refuses; then it is fetched again.
 */
export const useSetFavourite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ expert, favourite }: FavouriteChange) =>
      favourite ? addFavourite(expert.id) : removeFavourite(expert.id),
    onMutate: async ({ expert, favourite }: FavouriteChange) => {
      await queryClient.cancelQueries({ queryKey: favouritesKey });
      const previous = queryClient.getQueryData<Favourites>(favouritesKey);
      const others = (previous?.items ?? []).filter((item) => item.id !== expert.id);
      queryClient.setQueryData<Favourites>(favouritesKey, { items: favourite ? [...others, expert] : others });
      return { previous };
    },
    onError: (_error, _change, context) => {
      queryClient.setQueryData(favouritesKey, context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKey }),
  });
};
