import { lazy, Suspense } from 'react';

// The quote, its request and its styles stay out of the home page's first load.
const QuoteOfTheDay = lazy(() => import('./quote-of-the-day').then((module) => ({ default: module.QuoteOfTheDay })));

/** The home page's quote of the day, loaded after the page; hidden until (and unless) there is one. */
export function LazyQuoteOfTheDay() {
  return (
    <Suspense fallback={null}>
      <QuoteOfTheDay />
    </Suspense>
  );
}
