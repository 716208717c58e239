import { useTranslation } from 'react-i18next';
import styles from './page-loader.module.css';

/** Loading placeholder shown while a page (or its data) loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className={styles.loader} role="status">
      <span className={styles.dot} aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

/** Thin bar at the top while navigating to a lazily loaded page. */
export function NavigationProgress() {
  const { t } = useTranslation();
  return (
    <div className={styles.bar} role="progressbar" aria-label={t('common.loading')} />
  );
}
