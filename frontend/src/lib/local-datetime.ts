/** `datetime-local` fields: what the browser shows in its time zone, and what the API takes (UTC). */

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as RFC 3339 UTC to the second: "2026-12-01T08:00:00Z". */
export const toUtcSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A `datetime-local` text, read in the browser's time zone, as RFC 3339 UTC; null when not a time. */
export const localInputToUtc = (value: string): string | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  if (Number.isNaN(date.getTime()) || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return toUtcSeconds(date);
};

/** An instant as `datetime-local` text in the browser's time zone. */
export const utcToLocalInput = (value: string) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
