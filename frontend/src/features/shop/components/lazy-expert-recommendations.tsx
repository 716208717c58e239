import { lazy, Suspense } from 'react';
import { SCREEN_AHEAD } from '@/components/ui/use-near';
import { WhenNear } from '@/components/ui/when-near';
import { loadContentTexts } from '@/lib/i18n';
import { useExpertRecommendations } from '../api/get-expert-recommendations';

// The cards and their texts (the content catalogue's `shop`) load only for an expert who recommends products.
const ExpertRecommendations = lazy(() =>
  Promise.all([import('./expert-recommendations'), loadContentTexts()]).then(([module]) => ({
    default: module.ExpertRecommendations,
  })),
);

/**
 * The products an expert recommends, at the end of their page: nothing at all until (and unless) the
 * server lists some, so an expert without any gets no empty box and nothing moves. Asked a screen
 * before they would be seen.
 */
export function LazyExpertRecommendations({ consultantId }: { consultantId: string }) {
  return (
    <WhenNear ahead={SCREEN_AHEAD}>
      <Recommendations consultantId={consultantId} />
    </WhenNear>
  );
}

/** Asked a screen before the end of the page comes into view. */
function Recommendations({ consultantId }: { consultantId: string }) {
  const items = useExpertRecommendations(consultantId).data;
  if (!items?.length) return null;
  return (
    <Suspense fallback={null}>
      <ExpertRecommendations items={items} />
    </Suspense>
  );
}
