import type { TFunction } from 'i18next';
import * as yup from 'yup';

/** Degrees and certificates: graduation or certification year from 1950 to this year (domain `AwardYear`). */
export const AWARD_YEAR_MIN = 1950;
export const awardYearMax = (today = new Date()) => today.getFullYear();

/** Form values shared by degrees and certificates (`number` only for certificates). */
export type AwardValues = { name: string; school: string; year: string; number: string; attachment_key: string };

/** Field names, for the server's field errors. */
export const AWARD_FIELDS = ['name', 'school', 'year', 'number', 'attachment_key'] as const;

export const emptyAward: AwardValues = { name: '', school: '', year: '', number: '', attachment_key: '' };

export const awardSchema = (t: TFunction) => {
  const yearMessage = t('consultantProfile.validation.year', { min: AWARD_YEAR_MIN, max: awardYearMax() });
  return yup.object({
    name: yup.string().trim().required('validation.required').max(200, 'validation.tooLong'),
    school: yup.string().trim().required('validation.required').max(200, 'validation.tooLong'),
    year: yup
      .number()
      .transform((value: number, raw: unknown) => (raw === '' ? undefined : value))
      .typeError('validation.integer')
      .required('validation.required')
      .integer('validation.integer')
      .min(AWARD_YEAR_MIN, yearMessage)
      .max(awardYearMax(), yearMessage),
    number: yup.string().trim().max(50, 'validation.tooLong'),
    attachment_key: yup.string().required('validation.required'),
  });
};

export type DegreeBody = { name: string; school: string; year: number; attachment_key: string };
export type CertificateBody = DegreeBody & { number: string };

export const toDegreeBody = (values: AwardValues): DegreeBody => ({
  name: values.name.trim(),
  school: values.school.trim(),
  year: Number(values.year),
  attachment_key: values.attachment_key,
});

export const toCertificateBody = (values: AwardValues): CertificateBody => ({
  ...toDegreeBody(values),
  number: values.number.trim(),
});
