/** Types of the static pages' and legal texts' HTTP contract (docs/api.md "Static pages and legal texts"). */

import type { SiteLanguage } from '@/lib/site-page';

export type { SiteLanguage };

export const SITE_LANGUAGES = ['fr', 'en'] as const satisfies readonly SiteLanguage[];

/** The static pages (each the page's path) and the disclaimer, in the order the server lists them. */
export const SITE_PAGE_KEYS = [
  'about-us',
  'alternative-medicine',
  'sdg-media',
  'faq',
  'team-and-vision',
  'media',
  'disclaimer',
] as const;
export type SitePageKey = (typeof SITE_PAGE_KEYS)[number];

export const LEGAL_KINDS = ['terms', 'privacy'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** A version's place in time; `trashed` only in the administrators' lists. */
export type LegalStatus = 'in_force' | 'scheduled' | 'superseded' | 'trashed';

export type LegalVersionSummary = {
  version: string;
  effective_at: string;
  status: Exclude<LegalStatus, 'trashed'>;
  pdf_url: string;
};

/** `GET /api/public/legal/{kind}?version=`, in the request's language. */
export type PublicLegalDocument = {
  kind: LegalKind;
  version: string;
  effective_at: string;
  status: Exclude<LegalStatus, 'trashed'>;
  title: string;
  description: string;
  html: string;
  pdf_url: string;
  /** The versions in force now or before and the next scheduled one, newest first. */
  versions: LegalVersionSummary[];
};

/** `SiteTextBody`: one language's title (one line, 1–120), description (1–200) and Markdown body (1–60,000). */
export type SiteText = { title: string; description: string; body: string };

/** `SitePageBody`, and the texts of a page or legal version in the administrators' answers. */
export type SiteTexts = { fr: SiteText; en: SiteText };

/** `GET /api/admin-panel/site-pages` (each row) and `GET /api/admin-panel/site-pages/{key}`. */
export type AdminSitePage = SiteTexts & { key: SitePageKey; edited_at: string | null };

/** A row of `GET /api/admin-panel/legal/{kind}?trashed=`. */
export type AdminLegalVersion = SiteTexts & {
  version: string;
  effective_at: string;
  status: LegalStatus;
  /** null for the built-in version. */
  published_at: string | null;
  trashed_at: string | null;
};

/** `LegalVersionBody`: both languages and when it comes into force (null: now). */
export type LegalVersionBody = SiteTexts & { effective_at: string | null };

/** `POST /api/admin-panel/legal/{kind}` → 201. */
export type PublishedLegalVersion = { version: string; effective_at: string };
