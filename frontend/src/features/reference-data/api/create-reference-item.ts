import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReferenceKind } from '../reference-sets';
import { invalidateReference } from './invalidate-reference';

export type CreateReferenceBody = { name_fr: string; name_en: string; parent_id?: string; code?: string };

/** `POST /api/admin-panel/reference/{kind}` → 201 `{id}`; 400 `validation_failed` with `fields`. */
export const createReferenceItem = (kind: ReferenceKind, body: CreateReferenceBody) =>
  api.post<{ id: string }>(`/api/admin-panel/reference/${kind}`, body);

export const useCreateReferenceItem = (kind: ReferenceKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReferenceBody) => createReferenceItem(kind, body),
    onSuccess: () => invalidateReference(queryClient, kind),
  });
};
