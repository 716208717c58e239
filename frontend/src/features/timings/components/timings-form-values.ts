import { SHIFTS, WEEKDAYS, type Shift, type Timings, type TimingsBody, type Weekday } from '../api/timings';

export type Range = { start: string; end: string };
export type DayValues = { shifts: Shift[]; ranges: Range[] };
export type TimingValues = { days: Record<Weekday, DayValues>; days_off: string[] };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const toValues = (timings: Timings | undefined): TimingValues => {
  const empty = (): DayValues => ({ shifts: [], ranges: [] });
  const days = Object.fromEntries(WEEKDAYS.map((day) => [day, empty()])) as Record<Weekday, DayValues>;
  for (const rule of Array.isArray(timings?.rules) ? timings.rules : []) {
    const day = days[rule.weekday];
    if (!day) continue;
    if ('shift' in rule) day.shifts.push(rule.shift);
    else day.ranges.push({ start: rule.start, end: rule.end });
  }
  return { days, days_off: [...(Array.isArray(timings?.days_off) ? timings.days_off : [])].sort() };
};

export const toBody = (values: TimingValues): TimingsBody => ({
  rules: WEEKDAYS.flatMap((weekday) => [
    ...SHIFTS.filter((shift) => values.days[weekday].shifts.includes(shift)).map((shift) => ({ weekday, shift })),
    ...values.days[weekday].ranges.map(({ start, end }) => ({ weekday, start, end })),
  ]),
  days_off: [...values.days_off].sort(),
});

/** Range errors by `weekday.index`: HH:MM times, the end after the start (one day; use the night shift to cross midnight). */
export const rangeErrors = (values: TimingValues): Record<string, 'format' | 'order'> => {
  const errors: Record<string, 'format' | 'order'> = {};
  for (const weekday of WEEKDAYS) {
    values.days[weekday].ranges.forEach((range, index) => {
      if (!TIME.test(range.start) || !TIME.test(range.end)) errors[`${weekday}.${index}`] = 'format';
      else if (range.end <= range.start) errors[`${weekday}.${index}`] = 'order';
    });
  }
  return errors;
};
