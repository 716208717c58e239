/** `ComplaintFiled`, `booking_confirmed`, `share_with_experts` → words, when no translation is known. */
export const humanize = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
