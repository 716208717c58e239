/** "12 mars 2026" / "12 March 2026": the day a post was published, in the browser's time zone. */
export const formatPostDate = (value: string, language: string) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', { dateStyle: 'long' }).format(date);
};
