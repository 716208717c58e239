/** Practices named in the spec (§1), used for the footer's speciality links (directory search terms). */
export const SPECIALITIES = [
  'ayurveda',
  'homeopathy',
  'naturopathy',
  'hypnosis',
  'nlp',
  'coaching',
  'nutrition',
  'mental-health',
] as const;
export type Speciality = (typeof SPECIALITIES)[number];
