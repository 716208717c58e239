import { lazy } from 'react';
import { SCREEN_AHEAD } from '@/components/ui/use-near';
import { WhenNear } from '@/components/ui/when-near';

// The quote, its request and its styles stay out of the home page's first load: they come a
// screen before the reader reaches them.
const QuoteOfTheDay = lazy(() => import('./quote-of-the-day').then((module) => ({ default: module.QuoteOfTheDay })));

/** The home page's quote of the day; hidden until (and unless) there is one. */
export function LazyQuoteOfTheDay() {
  return (
    <WhenNear ahead={SCREEN_AHEAD}>
      <QuoteOfTheDay />
    </WhenNear>
  );
}
