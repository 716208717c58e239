/** BCP 47 locale of an interface language (as `@/lib/format`). */
const locale = (language: string) => (language === 'en' ? 'en-GB' : 'fr-FR');

/** A week's Monday (`2026-11-23`) as a short day and month: "23 nov." / "23 Nov". */
export const formatWeekShort = (start: string, language: string) =>
  new Intl.DateTimeFormat(locale(language), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${start}T12:00:00Z`),
  );

/** A day (`2026-11-23`) in full: "23 novembre 2026" / "23 November 2026". */
export const formatDay = (day: string, language: string) =>
  new Intl.DateTimeFormat(locale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** A count in the interface language ("1 234" / "1,234"). */
export const formatCount = (value: number, language: string) => new Intl.NumberFormat(locale(language)).format(value);
