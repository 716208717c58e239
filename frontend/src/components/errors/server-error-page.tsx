import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import styles from './error-page.module.css';

type Props = { correlationId?: string; onRetry?: () => void };

/** page-500 and the fallback of every route's error boundary. */
export function ServerErrorPage({ correlationId, onRetry }: Props) {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.serverErrorTitle'));
  return (
    <section className={styles.page} aria-labelledby="server-error-title">
      <p className={styles.code} aria-hidden="true">
        500
      </p>
      <h1 id="server-error-title">{t('errors.serverErrorTitle')}</h1>
      <p>{t('errors.serverErrorText')}</p>
      {correlationId && <p>{t('errors.correlationId', { id: correlationId })}</p>}
      <div className={styles.actions}>
        {onRetry && (
          <button type="button" className="btn" onClick={onRetry}>
            {t('errors.retry')}
          </button>
        )}
        <Link className="btn btn-secondary" to={paths.home.getHref()}>
          {t('errors.backHome')}
        </Link>
      </div>
    </section>
  );
}
