import type { Policies } from '@/lib/policies';

/** What `GET /api/public/policies` answers (the server's domain rules). */
export const policies: Policies = {
  refund_window_hours: 24,
  session_durations_minutes: Array.from({ length: 34 }, (_, i) => 15 + i * 5),
  shifts: {
    morning: { start: '06:00', end: '12:00' },
    noon: { start: '12:00', end: '14:00' },
    afternoon: { start: '14:00', end: '18:00' },
    evening: { start: '18:00', end: '22:00' },
    night: { start: '22:00', end: '06:00' },
  },
  room: { opens_minutes_before: 10, closes_minutes_after: 30 },
};
