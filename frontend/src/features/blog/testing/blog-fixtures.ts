import type { AdminBlogPost, AdminBlogRow, PublicBlogCard, PublicBlogPost } from '../api/types';

export const EXPERT_ID = '0190a0a0-0000-7000-8000-00000000e001';

/** A row of the admin list (a published post by the editorial team unless said). */
export const adminRow = (overrides: Partial<AdminBlogRow> = {}): AdminBlogRow => ({
  id: 'p1',
  title_fr: 'Bien dormir',
  title_en: 'Sleeping well',
  slug_fr: 'bien-dormir',
  slug_en: 'sleeping-well',
  author: { kind: 'editorial' },
  status: 'published',
  publish_at: '2030-03-01T08:00:00Z',
  published_at: '2030-03-01T08:00:00Z',
  updated_at: '2030-03-01T08:00:00Z',
  trashed_at: null,
  ...overrides,
});

/** The admin's whole post (a scheduled post by an expert unless said). */
export const adminPost = (overrides: Partial<AdminBlogPost> = {}): AdminBlogPost => ({
  id: 'p1',
  fr: { title: 'Bien dormir', slug: 'bien-dormir', body: '## Le sommeil\n\nDormez.', tags: ['sommeil', 'stress'] },
  en: { title: 'Sleeping well', slug: 'sleeping-well', body: '## Sleep\n\nSleep.', tags: ['sleep'] },
  author: { kind: 'expert', consultant_id: EXPERT_ID, name: 'Dr Jeanne Dupont', listed: true },
  cover: 'subjects/admin/cover.jpg',
  cover_url: '/api/admin-panel/files/subjects/admin/cover.jpg',
  publish_at: '2099-06-01T08:00:00Z',
  published_at: null,
  status: 'scheduled',
  trashed_at: null,
  updated_at: '2030-03-01T08:00:00Z',
  ...overrides,
});

/** A card of the public list, in French unless said. */
export const publicCard = (overrides: Partial<PublicBlogCard> = {}): PublicBlogCard => ({
  id: 'p1',
  slug: 'bien-dormir',
  title: 'Bien dormir',
  excerpt: 'Quelques habitudes simples pour des nuits réparatrices.',
  tags: ['sommeil'],
  cover_url: '/api/public/blog-posts/p1/cover',
  published_at: '2030-03-01T08:00:00Z',
  reading_minutes: 4,
  author: { kind: 'expert', consultant_id: EXPERT_ID, name: 'Dr Jeanne Dupont', listed: true },
  ...overrides,
});

/** A post of `by-slug`, French version unless said. */
export const publicPost = (overrides: Partial<PublicBlogPost> = {}): PublicBlogPost => ({
  ...publicCard(),
  language: 'fr',
  body_html: '<h2>Le sommeil</h2><p>Dormez <strong>bien</strong>.</p>',
  updated_at: '2030-03-02T08:00:00Z',
  alternate: { language: 'en', slug: 'sleeping-well' },
  ...overrides,
});

export const listOf = <T,>(items: T[], total = items.length, page = 1, page_size = 20) => ({
  items,
  total,
  page,
  page_size,
});
