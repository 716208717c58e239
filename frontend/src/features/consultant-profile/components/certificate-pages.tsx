import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { applyServerErrors } from '@/lib/form-errors';
import { errorText, toast } from '@/lib/toast';
import { AWARD_FIELDS, toCertificateBody } from '../api/award';
import { useDeleteCertificate } from '../api/delete-certificate';
import type { Certificate, ConsultantProfile } from '../api/profile';
import { useSaveCertificate } from '../api/save-certificate';
import { AwardForm } from './award-form';
import { AwardSummary } from './award-summary';
import { ConfirmDelete } from './confirm-delete';
import styles from './consultant-profile.module.css';

const p = paths.consultant.profile;

/** spec §2 certificate-detail/all-certificate: the list, with edit and delete. */
export function CertificateList({ profile, locked }: { profile: ConsultantProfile; locked: boolean }) {
  const { t } = useTranslation();
  const remove = useDeleteCertificate();
  return (
    <>
      <p>{t('consultantProfile.certificate.intro')}</p>
      {profile.certificates.length === 0 ? (
        <p>{t('consultantProfile.certificate.none')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('consultantProfile.certificate.list')}>
          {profile.certificates.map((certificate) => (
            <li key={certificate.id} className={styles.listItem}>
              <h2>{certificate.name}</h2>
              <AwardSummary entry={certificate} />
              <div className={styles.itemActions}>
                {locked ? null : (
                  <Link
                    className="btn btn-secondary btn-small"
                    to={p.editCertificate.getHref(certificate.id)}
                    aria-label={`${t('consultantProfile.edit')} ${certificate.name}`}
                  >
                    {t('consultantProfile.edit')}
                  </Link>
                )}
                <ConfirmDelete
                  itemName={certificate.name}
                  disabled={locked}
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync(certificate.id);
                      toast.success(t('consultantProfile.deleted', { name: certificate.name }));
                    } catch (error) {
                      toast.error(errorText(error, t('errors.network')));
                    }
                  }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {!locked && (
        <Link className="btn" to={p.addCertificate.getHref()}>
          {t('consultantProfile.certificate.addTitle')}
        </Link>
      )}
    </>
  );
}

type FormProps = { profile: ConsultantProfile; locked: boolean; certificate?: Certificate };

/** spec §2 add-certificate and certificate-detail/edit/{id}: saving goes back to the list. */
export function CertificateForm({ locked, certificate }: FormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveCertificate();
  return (
    <AwardForm
      kind="certificate"
      entry={certificate}
      locked={locked}
      submitLabel={t(certificate ? 'consultantProfile.save' : 'consultantProfile.certificate.add')}
      onCancel={() => void navigate(p.allCertificates.getHref())}
      onSubmit={async (values, helpers) => {
        try {
          await save.mutateAsync({ id: certificate?.id, body: toCertificateBody(values) });
          toast.success(t(certificate ? 'consultantProfile.saved' : 'consultantProfile.certificate.added'));
          await navigate(p.allCertificates.getHref());
        } catch (error) {
          applyServerErrors(error, helpers.setErrors, AWARD_FIELDS);
        }
      }}
    />
  );
}
