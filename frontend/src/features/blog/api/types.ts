/** Types of the blog's HTTP contract (docs/api.md "Blog"). */

export const BLOG_LANGUAGES = ['fr', 'en'] as const;
export type BlogLanguage = (typeof BLOG_LANGUAGES)[number];

export const BLOG_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** `author` in answers: the editorial team, or an expert with their public name. */
/** `listed`: the expert's page is in the directory (docs/api.md "Blog"). */
export type BlogAuthor =
  | { kind: 'editorial' }
  | { kind: 'expert'; consultant_id: string; name: string; listed: boolean };

/** `author` in `BlogPostBody`. */
export type BlogAuthorInput = { kind: 'editorial' } | { kind: 'expert'; consultant_id: string };

/** One language's version of a post, as the admin writes it. */
export type BlogVersion = { title: string; slug: string; body: string; tags: string[] };

/** `BlogPostBody`: what `POST` and `PUT /api/admin-panel/blog-posts` take (the whole post). */
export type BlogPostBody = {
  fr: BlogVersion;
  en: BlogVersion;
  author: BlogAuthorInput;
  /** An upload key of `POST /api/admin-panel/files?kind=blog_cover`, or none. */
  cover: string | null;
  /** RFC 3339 (UTC); null keeps a draft, a past time publishes at once, a later one schedules. */
  publish_at: string | null;
};

/** A row of `GET /api/admin-panel/blog-posts`. */
export type AdminBlogRow = {
  id: string;
  title_fr: string;
  title_en: string;
  slug_fr: string;
  slug_en: string;
  author: BlogAuthor;
  status: BlogStatus;
  publish_at: string | null;
  published_at: string | null;
  updated_at: string;
  trashed_at: string | null;
};

/** `GET /api/admin-panel/blog-posts/{id}`. */
export type AdminBlogPost = {
  id: string;
  fr: BlogVersion;
  en: BlogVersion;
  author: BlogAuthor;
  cover: string | null;
  /** `/api/admin-panel/files/{key}` (a draft's cover shows before publication), null without a cover. */
  cover_url: string | null;
  publish_at: string | null;
  published_at: string | null;
  status: BlogStatus;
  trashed_at: string | null;
  updated_at: string;
};

/** A card of `GET /api/public/blog-posts`, in the request's language. */
export type PublicBlogCard = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  cover_url: string | null;
  published_at: string;
  reading_minutes: number;
  author: BlogAuthor;
};

/** `GET /api/public/blog-posts/by-slug/{slug}`: `language` is the version found, `alternate` the other one. */
export type PublicBlogPost = PublicBlogCard & {
  language: BlogLanguage;
  /** Sanitised by the server (docs/rules.md "Blog"): shown as it is. */
  body_html: string;
  updated_at: string;
  alternate: { language: BlogLanguage; slug: string };
};

export type ListPage<T> = { items: T[]; total: number; page: number; page_size: number };
