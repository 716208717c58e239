import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReferenceKind } from '../reference-sets';
import { invalidateReference } from './invalidate-reference';

/** `POST /api/admin-panel/reference/{kind}/{id}/trash` → 204. */
export const trashReferenceItem = (kind: ReferenceKind, id: string) =>
  api.post<void>(`/api/admin-panel/reference/${kind}/${encodeURIComponent(id)}/trash`);

export const useTrashReferenceItem = (kind: ReferenceKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => trashReferenceItem(kind, id),
    onSuccess: () => invalidateReference(queryClient, kind),
  });
};
