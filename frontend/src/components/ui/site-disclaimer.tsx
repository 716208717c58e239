import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Its request and code stay out of the first load: the built-in text shows until the server's arrives.
const DisclaimerText = lazy(() => import('./disclaimer-text').then((module) => ({ default: module.DisclaimerText })));

/** True once the page has painted and the browser is idle (at most 2 s later): late work waits for it. */
const useIdle = () => {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(done, 200);
    return () => window.clearTimeout(id);
  }, []);
  return idle;
};

/**
 * The health disclaimer (the footer's paragraph, the booking page's): the `disclaimer` page's text
 * as an administrator wrote it, read once the page has painted and the browser is idle (its request
 * never competes with the page's own); the catalogue's text until then (or if it fails).
 */
export function SiteDisclaimer({ className }: { className?: string }) {
  const { t } = useTranslation();
  const idle = useIdle();
  const fallback = t('footer.disclaimer');
  return (
    <p className={className}>
      {idle ? (
        <Suspense fallback={fallback}>
          <DisclaimerText fallback={fallback} />
        </Suspense>
      ) : (
        fallback
      )}
    </p>
  );
}
