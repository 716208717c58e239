import type { AdminLegalVersion, AdminSitePage, SitePageKey, SiteText } from '../api/types';

const text = (title: string, body: string): SiteText => ({ title, description: `${title}.`, body });

/** A version of the admin legal lists: the built-in terms, in force, unless said. */
export const adminLegalVersion = (overrides: Partial<AdminLegalVersion> = {}): AdminLegalVersion => ({
  version: '2026-01',
  effective_at: '2026-01-01T00:00:00Z',
  status: 'in_force',
  fr: text('Conditions générales d’utilisation et de vente', '## Objet\n\nLes présentes conditions…'),
  en: text('Terms and conditions of use and sale', '## Purpose\n\nThese terms…'),
  published_at: null,
  trashed_at: null,
  ...overrides,
});

/** A version scheduled a year ahead (published, not yet in force). */
export const scheduledVersion = (overrides: Partial<AdminLegalVersion> = {}) =>
  adminLegalVersion({
    version: '2031-03-01',
    effective_at: '2031-02-28T23:00:00Z',
    status: 'scheduled',
    fr: text('Conditions générales (mars 2031)', '## Objet\n\nLes conditions de mars 2031.'),
    en: text('Terms and conditions (March 2031)', '## Purpose\n\nThe terms of March 2031.'),
    published_at: '2030-12-01T09:00:00Z',
    ...overrides,
  });

/** A page of the admin site pages, with its built-in text unless said. */
export const adminSitePage = (key: SitePageKey = 'faq', overrides: Partial<AdminSitePage> = {}): AdminSitePage => ({
  key,
  fr: text('Questions fréquentes', '## Comment réserver ?\n\nCréez un compte.'),
  en: text('Frequently asked questions', '## How do I book?\n\nCreate an account.'),
  edited_at: null,
  ...overrides,
});
