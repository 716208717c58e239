import { setIn, type FormikErrors } from 'formik';
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { isApiError } from '@/lib/api-error';
import { localInputToUtc, utcToLocalInput } from '@/lib/local-datetime';
import { SITE_LANGUAGES, type LegalVersionBody, type SiteText, type SiteTexts } from './types';

/** docs/api.md "Static pages and legal texts" bounds (characters), checked here too so a mistake shows before sending. */
export const SITE_TEXT_BOUNDS = { titleMax: 120, descriptionMax: 200, bodyMax: 60_000 } as const;

const FIELDS = ['title', 'description', 'body'] as const;

/** A static page's form: both languages' texts. */
export type SitePageFormValues = SiteTexts;

/** A new legal version's form: both languages and, optionally, when it comes into force (`datetime-local`). */
export type LegalFormValues = SiteTexts & { effective_local: string };

/** Characters as a person counts them (not UTF-16 units). */
const length = (text: string) => [...text].length;

const copy = (text?: SiteText): SiteText => ({
  title: text?.title ?? '',
  description: text?.description ?? '',
  body: text?.body ?? '',
});

/** The form's texts: the saved ones (a page, or the legal version in force that the new one follows). */
export const siteTextValues = (texts?: SiteTexts): SiteTexts => ({ fr: copy(texts?.fr), en: copy(texts?.en) });

const trimmed = (text: SiteText): SiteText => ({
  title: text.title.trim(),
  description: text.description.trim(),
  body: text.body,
});

/** `SitePageBody`: titles and descriptions trimmed (the server trims too), the Markdown as typed. */
export const toSitePageBody = (values: SitePageFormValues): SiteTexts => ({ fr: trimmed(values.fr), en: trimmed(values.en) });

/** `LegalVersionBody`: an empty date means now (`null`). */
export const toLegalVersionBody = (values: LegalFormValues): LegalVersionBody => ({
  ...toSitePageBody(values),
  effective_at: values.effective_local.trim() ? localInputToUtc(values.effective_local) : null,
});

/** The date field's text of a version's date (a scheduled one the form starts from). */
export const effectiveLocal = (value: string | null) => (value ? utcToLocalInput(value) : '');

/** One language's checks: title and description one line each, the body; all required, bounded. */
const textSchema = (t: TFunction, language: string) => {
  const number = (value: number) => new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR').format(value);
  const bounded = (max: number) =>
    yup
      .string()
      .test('required', 'validation.required', (value) => Boolean(value?.trim()))
      .test('max', t('adminSite.validation.max', { max: number(max) }), (value) => length(value?.trim() ?? '') <= max);
  return yup.object({
    title: bounded(SITE_TEXT_BOUNDS.titleMax),
    description: bounded(SITE_TEXT_BOUNDS.descriptionMax),
    body: bounded(SITE_TEXT_BOUNDS.bodyMax),
  });
};

/** A static page's checks (both languages). */
export const sitePageSchema = (t: TFunction, language: string) =>
  yup.object({ fr: textSchema(t, language), en: textSchema(t, language) });

/**
 * A legal version's checks: the texts, and a date that is one when given (how far back or ahead it may
 * be is the server's rule: its refusal lands on the field).
 */
export const legalVersionSchema = (t: TFunction, language: string) =>
  sitePageSchema(t, language).shape({
    effective_local: yup
      .string()
      .test('date', 'validation.date', (value) => !value?.trim() || localInputToUtc(value) !== null),
  });

/** The form field a server field name belongs to (dotted names: `fr.title`, `en.body`; `effective_at`). */
const formFieldOf = (key: string): string | undefined => {
  if (key === 'effective_at') return 'effective_local';
  const [head, field] = key.split('.');
  if ((SITE_LANGUAGES as readonly string[]).includes(head) && (FIELDS as readonly string[]).includes(field)) return key;
  return undefined;
};

/**
 * The server's field errors as the form's (nested) errors; `unplaced` counts those that concern no
 * field of the form (they are said in a toast). Null when the error carries no field.
 */
export const serverFormErrors = <Values>(error: unknown) => {
  if (!isApiError(error) || Object.keys(error.fields).length === 0) return null;
  let errors: FormikErrors<Values> = {};
  let unplaced = 0;
  for (const [key, message] of Object.entries(error.fields)) {
    const field = formFieldOf(key);
    if (field) errors = setIn(errors, field, message) as FormikErrors<Values>;
    else unplaced += 1;
  }
  return { errors, unplaced };
};
