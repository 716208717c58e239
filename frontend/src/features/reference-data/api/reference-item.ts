import * as yup from 'yup';

/** One item of a reference list, as the admin API answers it. */
export type ReferenceItem = {
  id: string;
  name_fr: string;
  name_en: string;
  parent_id: string | null;
  parent_name_fr: string | null;
  parent_name_en: string | null;
  code: string | null;
  trashed: boolean;
};

export type ReferencePage = { items: ReferenceItem[]; total: number; page: number; page_size: number };

export const REFERENCE_PAGE_SIZE = 20;
/** docs/api.md: names of 1–100 characters; codes are ISO 639-1 or ISO 3166-1 alpha-2 (two letters). */
export const REFERENCE_NAME_MAX = 100;

/** The form's input; `code` and `parent_id` only where the list has them. */
export const referenceInputSchema = (options: { hasCode: boolean; hasParent: boolean; creating: boolean }) =>
  yup.object({
    name_fr: yup.string().trim().required('validation.required').max(REFERENCE_NAME_MAX, 'validation.tooLong'),
    name_en: yup.string().trim().required('validation.required').max(REFERENCE_NAME_MAX, 'validation.tooLong'),
    code: options.hasCode
      ? yup.string().trim().matches(/^([A-Za-z]{2})?$/, 'validation.isoCode')
      : yup.string(),
    parent_id:
      options.hasParent && options.creating ? yup.string().required('validation.required') : yup.string(),
  });

export type ReferenceInput = { name_fr: string; name_en: string; code: string; parent_id: string };
