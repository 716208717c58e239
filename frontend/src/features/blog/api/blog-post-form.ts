import { setIn, type FormikErrors } from 'formik';
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { isApiError } from '@/lib/api-error';
import { localInputToUtc, toUtcSeconds, utcToLocalInput } from '@/lib/local-datetime';
import { BLOG_LANGUAGES, type AdminBlogPost, type BlogLanguage, type BlogPostBody } from './types';

/** docs/api.md "Blog" bounds, checked here too so a mistake shows before sending. */
export const BLOG_BOUNDS = {
  titleMax: 150,
  slugMax: 80,
  bodyMax: 50_000,
  tagsMax: 8,
  tagMax: 40,
  /** A scheduled post is published at most two years ahead. */
  scheduleYears: 2,
} as const;

/** Draft (no date), now, a later time; `keep` leaves a published post's date as it is (edit only). */
export type PublishChoice = 'draft' | 'now' | 'keep' | 'schedule';

export type VersionValues = { title: string; slug: string; body: string; tags: string };

export type BlogFormValues = {
  fr: VersionValues;
  en: VersionValues;
  author: 'editorial' | 'expert';
  consultant_id: string;
  /** The chosen expert's name, shown in the picker. */
  consultant_name: string;
  /** The cover's upload key ('' for none). */
  cover: string;
  /** Where the cover is shown from (the saved post's `cover_url` until another is uploaded). */
  cover_url: string;
  publish: PublishChoice;
  /** `datetime-local` text (the browser's time zone) of a scheduled post. */
  publish_local: string;
};

/** Characters as a person counts them (not UTF-16 units). */
const length = (text: string) => [...text].length;

/** "sommeil, stress , sommeil" → ["sommeil", "stress"]: trimmed, empty ones and repeats left out. */
export const parseTags = (text: string): string[] => {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => {
      const key = tag.toLocaleLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
};

const emptyVersion = (): VersionValues => ({ title: '', slug: '', body: '', tags: '' });

/** The form's values: empty for a new post, else the saved post. */
export const blogFormValues = (post?: AdminBlogPost): BlogFormValues => {
  if (!post) {
    return {
      fr: emptyVersion(),
      en: emptyVersion(),
      author: 'editorial',
      consultant_id: '',
      consultant_name: '',
      cover: '',
      cover_url: '',
      publish: 'draft',
      publish_local: '',
    };
  }
  const version = (language: BlogLanguage): VersionValues => ({
    title: post[language].title,
    slug: post[language].slug,
    body: post[language].body,
    tags: post[language].tags.join(', '),
  });
  const publish: PublishChoice =
    post.status === 'published' ? 'keep' : post.status === 'scheduled' && post.publish_at ? 'schedule' : 'draft';
  return {
    fr: version('fr'),
    en: version('en'),
    author: post.author.kind,
    consultant_id: post.author.kind === 'expert' ? post.author.consultant_id : '',
    consultant_name: post.author.kind === 'expert' ? post.author.name : '',
    cover: post.cover ?? '',
    cover_url: post.cover_url ?? '',
    publish,
    publish_local: publish === 'schedule' && post.publish_at ? utcToLocalInput(post.publish_at) : '',
  };
};

/**
 * The `BlogPostBody` sent: both versions (trimmed titles and slugs, tags as a list), the author,
 * the cover, and `publish_at` from the publication choice (`now` is the time of sending; `keep`
 * sends the saved date again, so a published post stays published from then).
 */
export const toBlogPostBody = (values: BlogFormValues, now: Date, saved?: AdminBlogPost): BlogPostBody => {
  const version = (language: BlogLanguage) => ({
    title: values[language].title.trim(),
    slug: values[language].slug.trim(),
    body: values[language].body,
    tags: parseTags(values[language].tags),
  });
  const publishAt = (): string | null => {
    switch (values.publish) {
      case 'draft':
        return null;
      case 'now':
        return toUtcSeconds(now);
      case 'keep':
        return saved?.publish_at ?? saved?.published_at ?? toUtcSeconds(now);
      case 'schedule':
        return localInputToUtc(values.publish_local);
    }
  };
  return {
    fr: version('fr'),
    en: version('en'),
    author:
      values.author === 'expert' ? { kind: 'expert', consultant_id: values.consultant_id } : { kind: 'editorial' },
    cover: values.cover || null,
    publish_at: publishAt(),
  };
};

/** The form's checks (docs/api.md "Blog" bounds); messages in the interface language. */
export const blogFormSchema = (t: TFunction, language: string) => {
  const number = (value: number) => new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR').format(value);
  const version = yup.object({
    title: yup
      .string()
      .test('required', 'validation.required', (value) => Boolean(value?.trim()))
      .test('max', t('adminBlog.validation.titleMax', { max: BLOG_BOUNDS.titleMax }), (value) =>
        length(value?.trim() ?? '') <= BLOG_BOUNDS.titleMax,
      ),
    slug: yup
      .string()
      .test('max', t('adminBlog.validation.slugMax', { max: BLOG_BOUNDS.slugMax }), (value) =>
        length(value?.trim() ?? '') <= BLOG_BOUNDS.slugMax,
      )
      .test('format', t('adminBlog.validation.slugFormat'), (value) => /^[a-z0-9-]*$/.test(value?.trim() ?? '')),
    body: yup
      .string()
      .test('required', 'validation.required', (value) => Boolean(value?.trim()))
      .test('max', t('adminBlog.validation.bodyMax', { max: number(BLOG_BOUNDS.bodyMax) }), (value) =>
        length(value ?? '') <= BLOG_BOUNDS.bodyMax,
      ),
    tags: yup
      .string()
      .test('count', t('adminBlog.validation.tagsMax', { max: BLOG_BOUNDS.tagsMax }), (value) =>
        parseTags(value ?? '').length <= BLOG_BOUNDS.tagsMax,
      )
      .test('length', t('adminBlog.validation.tagMax', { max: BLOG_BOUNDS.tagMax }), (value) =>
        parseTags(value ?? '').every((tag) => length(tag) <= BLOG_BOUNDS.tagMax),
      ),
  });
  return yup.object({
    fr: version,
    en: version,
    consultant_id: yup.string().when('author', {
      is: 'expert',
      then: (schema) => schema.required(t('adminBlog.validation.chooseExpert')),
    }),
    publish_local: yup.string().when('publish', {
      is: 'schedule',
      then: (schema) =>
        schema
          .required('validation.required')
          .test('date', 'validation.date', (value) => localInputToUtc(value ?? '') !== null)
          .test('future', t('adminBlog.validation.scheduleFuture'), (value) => {
            const at = localInputToUtc(value ?? '');
            return at === null || new Date(at).getTime() > Date.now();
          })
          .test('horizon', t('adminBlog.validation.scheduleHorizon', { years: BLOG_BOUNDS.scheduleYears }), (value) => {
            const at = localInputToUtc(value ?? '');
            if (at === null) return true;
            const limit = new Date();
            limit.setFullYear(limit.getFullYear() + BLOG_BOUNDS.scheduleYears);
            return new Date(at).getTime() <= limit.getTime();
          }),
    }),
  });
};

const VERSION_FIELDS = ['title', 'slug', 'body', 'tags'] as const;

/** The form field a server field name (docs/api.md "Blog": dotted names) belongs to. */
const formFieldOf = (key: string): string | undefined => {
  const [head, field] = key.split('.');
  if ((BLOG_LANGUAGES as readonly string[]).includes(head) && (VERSION_FIELDS as readonly string[]).includes(field)) {
    return `${head}.${field}`;
  }
  if (head === 'author') return 'consultant_id';
  if (head === 'cover') return 'cover';
  if (head === 'publish_at') return 'publish_local';
  return undefined;
};

/**
 * The server's field errors as the form's (nested) errors; `unplaced` counts those that concern no
 * field of the form (they are said in a toast). Null when the error carries no field.
 */
export const serverFormErrors = (error: unknown) => {
  if (!isApiError(error) || Object.keys(error.fields).length === 0) return null;
  let errors: FormikErrors<BlogFormValues> = {};
  let unplaced = 0;
  for (const [key, message] of Object.entries(error.fields)) {
    const field = formFieldOf(key);
    if (field) errors = setIn(errors, field, message) as FormikErrors<BlogFormValues>;
    else unplaced += 1;
  }
  return { errors, unplaced };
};
