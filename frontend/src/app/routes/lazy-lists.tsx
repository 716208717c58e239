import { lazy, Suspense } from 'react';
import { loadLists } from './load-lists';
import styles from './lazy-lists.module.css';

const Newsletter = lazy(() => loadLists().then((module) => ({ default: module.parts.NewsletterForm })));
const StarterKit = lazy(() => loadLists().then((module) => ({ default: module.parts.StarterKitSection })));

/** The footer's newsletter form, loaded after the page into a box of its size (nothing below it moves). */
export function LazyNewsletterForm() {
  return (
    <div className={styles.newsletter}>
      <Suspense fallback={null}>
        <Newsletter />
      </Suspense>
    </div>
  );
}

/** The home page's starter-kit section (below the fold), in a box of its size while it loads. */
export function LazyStarterKit() {
  return (
    <div id="starter-kit" className={`container ${styles.starterKit}`}>
      <Suspense fallback={null}>
        <StarterKit />
      </Suspense>
    </div>
  );
}
