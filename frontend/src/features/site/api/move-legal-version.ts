import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { invalidateLegal } from './site-keys';
import type { LegalKind } from './types';

/**
 * `POST /api/admin-panel/legal/{kind}/{version}/trash` or `…/restore` → 204 (twice changes nothing);
 * 404; 409 `legal_version_in_force` (only a version whose date is still ahead moves).
 */
export const moveLegalVersion = (kind: LegalKind, version: string, to: 'trash' | 'restore') =>
  api.post<void>(`/api/admin-panel/legal/${kind}/${encodeURIComponent(version)}/${to}`);

/** Trash or restore, announced by the mutation cache (the server's message on a refusal); the lists are read again either way. */
const useMoveLegalVersion = (kind: LegalKind, to: 'trash' | 'restore') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: string) => moveLegalVersion(kind, version, to),
    meta: {
      feedback: {
        success: (_data, version) =>
          i18n.t(to === 'trash' ? 'adminSite.legal.trashed' : 'adminSite.legal.restored', { version: version as string }),
        errorToast: true,
      },
    },
    onSettled: () => invalidateLegal(queryClient),
  });
};

export const useTrashLegalVersion = (kind: LegalKind) => useMoveLegalVersion(kind, 'trash');
export const useRestoreLegalVersion = (kind: LegalKind) => useMoveLegalVersion(kind, 'restore');
