import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReferenceKind } from '../reference-sets';
import { invalidateReference } from './invalidate-reference';

/** `POST /api/admin-panel/reference/{kind}/{id}/restore` → 204. */
export const restoreReferenceItem = (kind: ReferenceKind, id: string) =>
  api.post<void>(`/api/admin-panel/reference/${kind}/${encodeURIComponent(id)}/restore`);

export const useRestoreReferenceItem = (kind: ReferenceKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => restoreReferenceItem(kind, id),
    onSuccess: () => invalidateReference(queryClient, kind),
  });
};
