import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Slot = { start: string; end: string; local_start: string; local_end: string };
export type SlotList = { timezone: string; duration_minutes: number; slots: Slot[] };

/** Four weeks of slots (spec: the picker shows the next 4 weeks). */
export const SLOT_DAYS = 28;

export type SlotParams = { consultantId: string; from: string; tz?: string };

/**
 * `GET /api/public/experts/{id}/slots?from=&days=28&tz=`: free slots shown in `tz`; without
 * `tz` the server uses a signed-in client's account zone.
 */
export const getSlots = ({ consultantId, from, tz }: SlotParams, signal?: AbortSignal) =>
  api.get<SlotList>(`/api/public/experts/${encodeURIComponent(consultantId)}/slots`, {
    query: { from, days: SLOT_DAYS, tz },
    signal,
  });

export const slotsKey = ['slots'] as const;

export const slotsQueryOptions = (params: SlotParams) =>
  queryOptions({
    queryKey: [...slotsKey, params],
    queryFn: ({ signal }) => getSlots(params, signal),
    staleTime: 15_000,
  });

export const useSlots = (params: SlotParams) => useQuery(slotsQueryOptions(params));
