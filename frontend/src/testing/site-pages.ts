import type { StubHandler, StubRequest } from './fetch-stub';

/** The built-in titles of the static pages and the disclaimer (domain/src/site/defaults), French and English. */
export const SITE_PAGE_TITLES: Record<string, { fr: string; en: string }> = {
  'about-us': { fr: 'À propos d’Equilibre', en: 'About Equilibre' },
  'alternative-medicine': { fr: 'Médecines alternatives et santé mentale', en: 'Alternative medicine and mental health' },
  'sdg-media': { fr: 'Objectifs de développement durable et médias', en: 'Sustainable development goals and media' },
  faq: { fr: 'Questions fréquentes', en: 'Frequently asked questions' },
  'team-and-vision': { fr: 'Équipe et vision', en: 'Team and vision' },
  media: { fr: 'Médias', en: 'Media' },
  disclaimer: { fr: 'Avertissement', en: 'Disclaimer' },
};

const DISCLAIMER = {
  fr: 'Les consultations avec les experts d’Equilibre informent et accompagnent ; elles ne remplacent ni votre médecin traitant, ni un diagnostic, ni un traitement médical.',
  en: 'Consultations with Equilibre’s experts inform and support; they replace neither your general practitioner, nor a diagnosis, nor a medical treatment.',
};

const languageOf = (request: StubRequest) => (request.headers.get('Accept-Language') === 'en' ? 'en' : 'fr');

/** `GET /api/public/site-pages/{key}` as the server answers a page never edited, in the request's language. */
export const publicSitePage = (key: string, language: 'fr' | 'en', overrides: Record<string, unknown> = {}) => ({
  key,
  title: SITE_PAGE_TITLES[key][language],
  description: `${SITE_PAGE_TITLES[key][language]} — Equilibre`,
  html:
    key === 'disclaimer'
      ? `<p>${DISCLAIMER[language]}</p>`
      : `<p>${language === 'en' ? 'The text of the page.' : 'Le texte de la page.'}</p>`,
  edited_at: null,
  ...overrides,
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** `GET /api/public/legal/{kind}`: the built-in version 2026-01, in force (the page's default answer in tests). */
export const publicLegalDocument = (kind: 'terms' | 'privacy', language: 'fr' | 'en', overrides: Record<string, unknown> = {}) => {
  const title =
    kind === 'terms'
      ? { fr: 'Conditions générales d’utilisation et de vente', en: 'Terms and conditions of use and sale' }[language]
      : { fr: 'Politique de confidentialité', en: 'Privacy policy' }[language];
  const pdf = `/api/public/legal/${kind}/2026-01/pdf?lang=${language}`;
  return {
    kind,
    version: '2026-01',
    effective_at: '2026-01-01T00:00:00Z',
    status: 'in_force',
    title,
    description: `${title} — Equilibre`,
    html: `<h2>${language === 'en' ? 'Purpose' : 'Objet'}</h2><p>${language === 'en' ? 'The text.' : 'Le texte.'}</p>`,
    pdf_url: pdf,
    versions: [{ version: '2026-01', effective_at: '2026-01-01T00:00:00Z', status: 'in_force', pdf_url: pdf }],
    ...overrides,
  };
};

/** `GET /api/client/legal-acceptance`: the client accepted `accepted` (the versions in force unless said). */
export const legalStanding = (inForce = { terms: '2026-01', privacy: '2026-01' }, accepted = inForce) => ({
  accepted_terms: accepted.terms,
  accepted_privacy: accepted.privacy,
  terms_in_force: inForce.terms,
  privacy_in_force: inForce.privacy,
  up_to_date: accepted.terms === inForce.terms && accepted.privacy === inForce.privacy,
});

/**
 * Default answers of the site's texts, for every test that renders a public page (the footer reads
 * the disclaimer), and a client who accepted the versions in force (the booking page asks).
 */
export const siteTextHandlers: Record<string, StubHandler> = {
  'GET /api/client/legal-acceptance': () => json(legalStanding()),
  ...Object.fromEntries(
    Object.keys(SITE_PAGE_TITLES).map((key) => [
      `GET /api/public/site-pages/${key}`,
      (request: StubRequest) => json(publicSitePage(key, languageOf(request))),
    ]),
  ),
  'GET /api/public/legal/terms': (request) => json(publicLegalDocument('terms', languageOf(request))),
  'GET /api/public/legal/privacy': (request) => json(publicLegalDocument('privacy', languageOf(request))),
};
