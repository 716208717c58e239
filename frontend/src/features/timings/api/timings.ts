import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** DESIGN §4 shifts, in the order of the day; the night belongs to the weekday it starts on. Their hours are the server's (`usePolicies`). */
export const SHIFTS = ['morning', 'noon', 'afternoon', 'evening', 'night'] as const;
export type Shift = (typeof SHIFTS)[number];

export type TimingRule = { weekday: Weekday; shift: Shift } | { weekday: Weekday; start: string; end: string };

/** `GET /api/consultant/timings` (contract "Availability"). */
export type Timings = {
  timezone: string | null;
  duration_minutes: number | null;
  rules: TimingRule[] | null;
  days_off: string[] | null;
};
export type TimingsBody = { rules: TimingRule[]; days_off: string[] };

export const getTimings = (signal?: AbortSignal) => api.get<Timings>('/api/consultant/timings', { signal });

export const timingsKey = ['consultant-timings'] as const;

export const timingsQueryOptions = () =>
  queryOptions({ queryKey: timingsKey, queryFn: ({ signal }) => getTimings(signal) });

export const useTimings = () => useQuery(timingsQueryOptions());

/** `PUT /api/consultant/timings` → 204: replaces the whole schedule. */
export const saveTimings = (body: TimingsBody) => api.put<void>('/api/consultant/timings', body);

export const useSaveTimings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTimings,
    meta: { feedback: { success: 'timings.saved', errorToast: true } },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: timingsKey }),
        queryClient.invalidateQueries({ queryKey: previewKey }),
      ]),
  });
};

/** The next free slots the schedule gives (the public slot list of the consultant, in their own zone). */
export type PreviewSlot = { start: string; end: string; local_start: string };
const previewKey = ['timings-preview'] as const;
export const PREVIEW_DAYS = 14;

export const getPreview = (consultantId: string, tz: string, from: string, signal?: AbortSignal) =>
  api.get<{ timezone: string; slots: PreviewSlot[] }>(`/api/public/experts/${encodeURIComponent(consultantId)}/slots`, {
    query: { from, days: PREVIEW_DAYS, tz },
    signal,
  });

export const usePreview = (consultantId: string | undefined, tz: string | undefined, from: string) =>
  useQuery({
    queryKey: [...previewKey, consultantId, tz, from],
    queryFn: ({ signal }) => getPreview(consultantId ?? '', tz ?? 'UTC', from, signal),
    enabled: Boolean(consultantId && tz),
    meta: { silent: true },
  });
