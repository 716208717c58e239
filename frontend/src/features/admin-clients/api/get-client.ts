import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountStatus } from '@/components/account/account-status-badge';
import { api } from '@/lib/api-client';
import { adminClientsKey } from './get-clients';

/** `GET /api/admin-panel/clients/{id}`. */
export type AdminClient = {
  id: string;
  email: string;
  registered_at: string;
  language: string | null;
  timezone: string | null;
  profile: Record<string, unknown> | null;
  account_status?: AccountStatus;
  deactivated_at?: string | null;
  /** The administrator's reason, shown to administrators only. */
  deactivation_reason?: string | null;
};

export const getClient = (id: string, signal?: AbortSignal) =>
  api.get<AdminClient>(`/api/admin-panel/clients/${encodeURIComponent(id)}`, { signal });

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminClientsKey, 'item', id],
    queryFn: ({ signal }) => getClient(id, signal),
    meta: { silent: true },
  });

export const useClient = (id: string) => useQuery(clientQueryOptions(id));
