import { lazy } from 'react';
import { WhenNear } from '@/components/ui/when-near';
import { loadLists } from './load-lists';
import styles from './lazy-lists.module.css';

const Newsletter = lazy(() => loadLists().then((module) => ({ default: module.parts.NewsletterForm })));
const StarterKit = lazy(() => loadLists().then((module) => ({ default: module.parts.StarterKitSection })));

/** The footer's newsletter form, in a box of its size (nothing below it moves). */
export function LazyNewsletterForm() {
  return (
    <WhenNear className={styles.newsletter}>
      <Newsletter />
    </WhenNear>
  );
}

/** The home page's starter-kit section (below the fold), in a box of its size while it loads. */
export function LazyStarterKit() {
  return (
    <WhenNear id="starter-kit" className={`container ${styles.starterKit}`}>
      <StarterKit />
    </WhenNear>
  );
}
