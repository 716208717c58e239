import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './lazy-directory-search.module.css';

const DirectorySearch = lazy(() => import('./directory-search'));

/**
 * The directory's search, loaded after the page's title (its requests already started by the
 * route's loader). Until it comes, a screen's height is kept so the footer does not jump.
 */
export function LazyDirectorySearch({ searchParam }: { searchParam?: string }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <p role="status" className={styles.reserved}>
          {t('common.loading')}
        </p>
      }
    >
      <DirectorySearch searchParam={searchParam} />
    </Suspense>
  );
}
