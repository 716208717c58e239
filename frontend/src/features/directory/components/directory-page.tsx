import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import styles from './directory.module.css';

/**
 * The directory's frame and title, in the app's first load: the title paints with the shell,
 * and the search (`DirectorySearch`, a lazy chunk) comes below it.
 */
export function DirectoryPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={`container ${styles.page}`}>
      <PageTitle subtitle={t('directory.lead')}>{t('directory.title')}</PageTitle>
      {children}
    </div>
  );
}
