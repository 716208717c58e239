import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import styles from './error-page.module.css';

/** page-404 and any unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.notFoundTitle'));
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFoundText')}</p>
      <div className={styles.actions}>
        <Link className="btn" to={paths.home.getHref()}>
          {t('errors.backHome')}
        </Link>
      </div>
    </section>
  );
}
