import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREEN_AHEAD, useNear } from './use-near';

// Its request and code stay out of the first load (the footer's is below the fold): the built-in
// text shows until the server's arrives.
const DisclaimerText = lazy(() => import('./disclaimer-text').then((module) => ({ default: module.DisclaimerText })));

/**
 * The health disclaimer (the footer's paragraph, the booking page's): the `disclaimer` page's text
 * as an administrator wrote it, read a screen before the paragraph is seen (its request never
 * competes with the page's own); the catalogue's text until then (or if it fails).
 */
export function SiteDisclaimer({ className }: { className?: string }) {
  const { t } = useTranslation();
  const paragraph = useRef<HTMLParagraphElement>(null);
  const near = useNear(paragraph, SCREEN_AHEAD);
  const fallback = t('footer.disclaimer');
  return (
    <p ref={paragraph} className={className}>
      {near ? (
        <Suspense fallback={fallback}>
          <DisclaimerText fallback={fallback} />
        </Suspense>
      ) : (
        fallback
      )}
    </p>
  );
}
