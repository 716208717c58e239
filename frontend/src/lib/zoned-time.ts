/** Dates shown in a named IANA time zone (DESIGN §4: clients see slots in their own zone). */

const locale = (language: string) => (language === 'en' ? 'en-GB' : 'fr-FR');

/** The browser's IANA zone (a visitor's zone), UTC when unknown. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Whether `zone` is an IANA zone this browser knows. */
export const isKnownZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const valid = (value: string) => !Number.isNaN(new Date(value).getTime());

/**
 * One formatter per locale, zone and options, made once: building an `Intl.DateTimeFormat` costs far
 * more than formatting with it, and a slot picker formats a few hundred times on first paint.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (tag: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${tag} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(tag, options);
    formatters.set(key, made);
  }
  return made;
};

const format = (value: string, zone: string, language: string, options: Intl.DateTimeFormatOptions) =>
  valid(value) ? formatter(locale(language), { ...options, timeZone: zone }).format(new Date(value)) : value;

/** "lundi 30 novembre 2026" / "Monday 30 November 2026". */
export const formatDayIn = (value: string, zone: string, language: string) =>
  format(value, zone, language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** "30 novembre 2026" / "30 November 2026". */
export const formatLongDateIn = (value: string, zone: string, language: string) =>
  format(value, zone, language, { day: 'numeric', month: 'long', year: 'numeric' });

/** "lun. 30 nov." — a compact day for a picker. */
export const formatShortDayIn = (value: string, zone: string, language: string) =>
  format(value, zone, language, { weekday: 'short', day: 'numeric', month: 'short' });

/** "09:00". */
export const formatTimeIn = (value: string, zone: string, language: string) =>
  format(value, zone, language, { hour: '2-digit', minute: '2-digit' });

/** "lundi 30 novembre 2026 à 09:00". */
export const formatDateTimeIn = (value: string, zone: string, language: string) =>
  format(value, zone, language, { dateStyle: 'full', timeStyle: 'short' });

/** "30 nov. 2026, 09:00" — a compact date and time for tables. */
export const formatShortDateTimeIn = (value: string, zone: string, language: string) =>
  format(value, zone, language, { dateStyle: 'medium', timeStyle: 'short' });

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export const dayKeyIn = (value: string, zone: string) =>
  formatter('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(value));

/** "Europe/Paris (heure normale d’Europe centrale)": the zone's id and, when Intl knows it, its name. */
export const zoneLabel = (zone: string, language: string) => {
  try {
    const part = new Intl.DateTimeFormat(locale(language), { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    return part && part.value !== zone ? `${zone} (${part.value})` : zone;
  } catch {
    return zone;
  }
};

/** Today's date (YYYY-MM-DD) in a zone. */
export const todayIn = (zone: string) => dayKeyIn(new Date().toISOString(), zone);

/**
 * The locale's first day of the week, 1 = Monday … 7 = Sunday (Intl week
 * info where the browser has it; Monday for our locales otherwise, as ISO 8601
 * and both fr-FR and en-GB use).
 */
export const firstDayOfWeek = (language: string): number => {
  const tag = new Intl.Locale(locale(language)) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  return tag.getWeekInfo?.().firstDay ?? tag.weekInfo?.firstDay ?? 1;
};

/** `days` (Sunday first, as `Date.getDay()` counts) in the locale's week order. */
export const inWeekOrder = <T>(days: readonly T[], language: string): T[] => {
  const first = firstDayOfWeek(language) % 7;
  return [...days.slice(first), ...days.slice(0, first)];
};
