import type { ExpertCard } from '@/lib/expert-card';
import { json } from './fetch-stub';

/** An expert card as `GET /api/public/experts` answers it. */
export const expertCard = (id: string, overrides: Partial<ExpertCard> = {}): ExpertCard => ({
  id,
  title: 'dr',
  given_name: 'Inès',
  family_name: `Roux ${id}`,
  profession: 'Naturopathe',
  photo_url: `/api/public/experts/${id}/photo`,
  price: { minor: 6050, currency: 'EUR' },
  session_minutes: 50,
  first_consultation_free: true,
  languages: ['fr', 'en'],
  specialisations: [{ id: 's1', name_fr: 'Naturopathie', name_en: 'Naturopathy' }],
  disorders: [{ id: 'd1', name_fr: 'Anxiété', name_en: 'Anxiety' }],
  bio_excerpt: 'Accompagnement du stress.',
  ...overrides,
});

const item = (id: string, name_fr: string, name_en: string, code: string | null = null) => ({
  id,
  name_fr,
  name_en,
  parent_id: null,
  code,
});

/** `GET /api/public/reference/{kind}` for the five directory filters. */
export const directoryReferenceHandlers = {
  'GET /api/public/reference/disorders': () =>
    json({ items: [item('d1', 'Anxiété', 'Anxiety'), item('d2', 'Insomnie', 'Insomnia')] }),
  'GET /api/public/reference/keywords': () => json({ items: [item('k1', 'Sommeil', 'Sleep')] }),
  'GET /api/public/reference/objectives': () => json({ items: [item('o1', 'Mieux dormir', 'Sleep better')] }),
  'GET /api/public/reference/specializations': () =>
    json({ items: [item('s1', 'Naturopathie', 'Naturopathy'), item('s2', 'Hypnose', 'Hypnosis')] }),
  'GET /api/public/reference/languages': () =>
    json({ items: [item('l1', 'Anglais', 'English', 'en'), item('l2', 'Français', 'French', 'fr')] }),
};

export const expertPage = (items: ExpertCard[], total = items.length, page = 1) =>
  json({ items, total, page, page_size: 12 });
