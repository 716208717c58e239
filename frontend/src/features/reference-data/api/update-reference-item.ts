import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReferenceKind } from '../reference-sets';
import { invalidateReference } from './invalidate-reference';

export type UpdateReferenceBody = { name_fr: string; name_en: string; code?: string };

/** `PUT /api/admin-panel/reference/{kind}/{id}` → 204. */
export const updateReferenceItem = (kind: ReferenceKind, id: string, body: UpdateReferenceBody) =>
  api.put<void>(`/api/admin-panel/reference/${kind}/${encodeURIComponent(id)}`, body);

export const useUpdateReferenceItem = (kind: ReferenceKind, id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateReferenceBody) => updateReferenceItem(kind, id, body),
    onSuccess: () => invalidateReference(queryClient, kind),
  });
};
