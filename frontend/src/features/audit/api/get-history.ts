import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The entities with an audit trail (docs/complaints.md, `rm_audit`). */
export type HistoryKind = 'complaint' | 'booking' | 'consultant' | 'client';

/** One event: when, which (`ComplaintFiled`, `BookingCancelled`…), who (null: no recorded actor), which fields it set. */
export type HistoryEntry = {
  at: string;
  event_type: string;
  actor: { id: string; name: string | null; role: string | null } | null;
  changes: string[];
};

/** `GET /api/admin-panel/history/{kind}/{id}` → `{items}` oldest first; 404 when unknown. */
export const getHistory = (kind: HistoryKind, id: string, signal?: AbortSignal) =>
  api.get<{ items: HistoryEntry[] }>(`/api/admin-panel/history/${kind}/${encodeURIComponent(id)}`, { signal });

export const historyKey = ['audit-history'] as const;

/** `version` (e.g. the entity's last change) refetches the trail when the entity changes on screen. */
export const historyQueryOptions = (kind: HistoryKind, id: string, version = '') =>
  queryOptions({
    queryKey: [...historyKey, kind, id, version],
    queryFn: ({ signal }) => getHistory(kind, id, signal),
    select: (data) => data.items,
    staleTime: 0,
    meta: { silent: true },
  });

export const useHistory = (kind: HistoryKind, id: string, version?: string) => useQuery(historyQueryOptions(kind, id, version));
