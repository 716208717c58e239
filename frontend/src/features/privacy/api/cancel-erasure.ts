import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_AREA } from '@/config/roles';
import { api } from '@/lib/api-client';
import { followConflict, followErasure } from './erasure-session';
import type { PrivacyRole } from './types';

/** `DELETE /api/{area}/erasure` → 204: the pending erasure is cancelled; 409 `erasure_not_requested`. */
export const cancelErasure = (role: PrivacyRole) => api.delete<void>(`/api/${API_AREA[role]}/erasure`);

export const useCancelErasure = (role: PrivacyRole) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelErasure(role),
    onSuccess: () => followErasure(queryClient, role, null),
    onError: (error) => followConflict(queryClient, role, error),
    meta: { feedback: { success: 'privacy.erasure.cancelled', errorToast: true } },
  });
};
