import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import styles from './public-layout.module.css';
import { useHashScroll } from './use-hash-scroll';

export function PublicLayout() {
  const { t } = useTranslation();
  useHashScroll();
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('common.skipToContent')}
      </a>
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <PublicFooter />
    </>
  );
}
