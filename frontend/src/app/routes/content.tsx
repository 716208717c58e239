import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { LegalPage } from '@/features/site/components/legal-page';
import { SitePageView } from '@/features/site/components/site-page-view';
import type { LegalKind, SitePageKey } from '@/features/site/api/types';

type PublicPageKey = Exclude<SitePageKey, 'disclaimer'>;

const page = (key: PublicPageKey): ComponentType => {
  const Page = () => <SitePageView pageKey={key} />;
  Page.displayName = `SitePage(${key})`;
  return Page;
};

const legal = (kind: LegalKind): ComponentType => {
  const Page = () => {
    const [search] = useSearchParams();
    return <LegalPage kind={kind} version={search.get('version') || null} />;
  };
  Page.displayName = `LegalPage(${kind})`;
  return Page;
};

/**
 * The content pages (one lazy chunk): the static pages' server text keyed by the page's key, the terms
 * and the privacy policy (`?version=` one of their versions). The lifestyle page is its own route.
 */
export const pages: Record<PublicPageKey | LegalKind, ComponentType> = {
  'about-us': page('about-us'),
  'alternative-medicine': page('alternative-medicine'),
  'sdg-media': page('sdg-media'),
  faq: page('faq'),
  'team-and-vision': page('team-and-vision'),
  media: page('media'),
  terms: legal('terms'),
  privacy: legal('privacy'),
};
