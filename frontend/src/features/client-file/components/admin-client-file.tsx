import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fileHref } from '@/components/form/file-upload';
import { api } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { errorText } from '@/lib/toast';
import type { ConsentForm } from '../api/consent-form';
import type { HealthAssessment } from '../api/health-assessment';
import styles from './client-file.module.css';
import { HealthAnswers } from './health-answers';

const enc = encodeURIComponent;

/** `GET /api/admin-panel/clients/{id}/consent-form` and `…/health-assessment`. */
const useAdminClientFile = (id: string) => {
  const consent = useQuery({
    queryKey: ['admin', 'client', id, 'consent-form'],
    queryFn: ({ signal }) => api.get<ConsentForm>(`/api/admin-panel/clients/${enc(id)}/consent-form`, { signal }),
  });
  const health = useQuery({
    queryKey: ['admin', 'client', id, 'health-assessment'],
    queryFn: ({ signal }) =>
      api.get<HealthAssessment>(`/api/admin-panel/clients/${enc(id)}/health-assessment`, { signal }),
  });
  return { consent, health };
};

/** The admin's view of a client's file: the consent form's status and file, the health answers. */
export function AdminClientFile({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { consent, health } = useAdminClientFile(id);
  const failed = consent.error ?? health.error;
  return (
    <section className="card" aria-labelledby="admin-client-file">
      <h2 id="admin-client-file">{t('clientFile.admin.title')}</h2>
      {failed && <p role="alert">{errorText(failed, t('errors.network'))}</p>}
      {consent.data && (
        <p className={`${styles.status} ${consent.data.uploaded ? '' : styles.statusMissing}`}>
          {consent.data.uploaded && consent.data.file_key ? (
            <>
              {t('clientFile.admin.consentUploaded', { date: formatDateTime(consent.data.uploaded_at, i18n.language) })}{' '}
              <a href={fileHref('admin', consent.data.file_key)} target="_blank" rel="noopener noreferrer">
                {t('clientFile.consent.viewUploaded')}
                <span className="visually-hidden"> {t('common.newWindow')}</span>
              </a>
            </>
          ) : (
            t('clientFile.admin.consentMissing')
          )}
        </p>
      )}
      <h3>{t('clientFile.health.docTitle')}</h3>
      {health.data &&
        (health.data.answers ? (
          <>
            <p>{t('clientFile.health.savedAt', { date: formatDateTime(health.data.saved_at, i18n.language) })}</p>
            <HealthAnswers answers={health.data.answers} shared={health.data.share_with_experts} />
          </>
        ) : (
          <p>{t('clientFile.admin.healthMissing')}</p>
        ))}
      {(consent.isPending || health.isPending) && <p role="status">{t('common.loading')}</p>}
    </section>
  );
}
