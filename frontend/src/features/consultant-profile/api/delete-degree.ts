import { api } from '@/lib/api-client';
import { useProfileMutation } from './profile';

/** `DELETE /api/consultant/profile/degrees/{id}` → 204. */
export const deleteDegree = (id: string) =>
  api.delete<void>(`/api/consultant/profile/degrees/${encodeURIComponent(id)}`);

export const useDeleteDegree = () => useProfileMutation(deleteDegree);
