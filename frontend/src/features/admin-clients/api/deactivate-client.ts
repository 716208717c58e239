import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminClientsKey } from './get-clients';

const clientPath = (id: string, action: string) => `/api/admin-panel/clients/${encodeURIComponent(id)}/${action}`;

/** `POST /api/admin-panel/clients/{id}/deactivate` `{reason}` (3–500 characters) → 204. */
export const deactivateClient = (id: string, reason: string) =>
  api.post<void>(clientPath(id, 'deactivate'), { reason });

/** `POST /api/admin-panel/clients/{id}/reactivate` → 204. */
export const reactivateClient = (id: string) => api.post<void>(clientPath(id, 'reactivate'));

/** Deactivates or reactivates a client; afterwards the list and the profile are fetched again. */
export const useClientAccountStatus = (id: string) => {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: adminClientsKey });
  const deactivate = useMutation({ mutationFn: (reason: string) => deactivateClient(id, reason), onSuccess });
  const reactivate = useMutation({ mutationFn: () => reactivateClient(id), onSuccess });
  return { deactivate, reactivate };
};
