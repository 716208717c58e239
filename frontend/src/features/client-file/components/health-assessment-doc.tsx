import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { errorText } from '@/lib/toast';
import { useHealthAssessment } from '../api/health-assessment';
import styles from './client-file.module.css';
import { HealthAnswers } from './health-answers';

/**
 * spec §2 client `health-assessment-doc`: the saved health assessment as a read-only
 * document (printable), with a link to the form (`health-assesment`) to fill it in or edit it.
 */
export function HealthAssessmentDoc() {
  const { t, i18n } = useTranslation();
  const assessment = useHealthAssessment();
  const data = assessment.data;
  const formHref = paths.client.healthAssessment.getHref();
  return (
    <div className="stack">
      <PageTitle>{t('clientFile.health.docTitle')}</PageTitle>
      {assessment.isPending && <p role="status">{t('common.loading')}</p>}
      {assessment.isError && <p role="alert">{errorText(assessment.error, t('errors.network'))}</p>}
      {data && !data.answers && (
        <div className="card">
          <p className={`${styles.status} ${styles.statusMissing}`} role="status">
            {t('clientFile.health.missing')}
          </p>
          <Link className="btn" to={formHref}>
            {t('clientFile.health.fill')}
          </Link>
        </div>
      )}
      {data?.answers && (
        <div className="card">
          <p className={styles.status} role="status" data-testid="health-status">
            {t('clientFile.health.savedAt', { date: formatDateTime(data.saved_at, i18n.language) })}
          </p>
          <HealthAnswers answers={data.answers} shared={data.share_with_experts} />
          <div className={styles.actions}>
            <Link className="btn" to={formHref}>
              {t('clientFile.health.edit')}
            </Link>
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              {t('clientFile.print')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
