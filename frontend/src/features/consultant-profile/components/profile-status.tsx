import { useTranslation } from 'react-i18next';
import type { ConsultantProfile } from '../api/profile';
import styles from './consultant-profile.module.css';

/**
 * The review status in words, with the administrator's reason when suspended, or
 * the last rejection's reason while the consultant fixes the profile (the
 * server keeps it until the next submission).
 */
export function ProfileStatusNotice({ profile }: { profile: ConsultantProfile }) {
  const { t } = useTranslation();
  const { status } = profile;
  const bad = status === 'rejected' || status === 'suspended';
  const reason =
    status === 'suspended'
      ? profile.suspension_reason
      : status === 'rejected' || status === 'in_progress'
        ? profile.rejection_reason
        : null;
  return (
    <div className={`${styles.notice} ${bad ? styles.noticeError : ''}`} role="status">
      <p>
        <strong>{t('consultantProfile.status.label')}</strong> {t(`consultantProfile.status.${status}`)}
      </p>
      <p>{t(`consultantProfile.statusHelp.${status}`)}</p>
      {reason && (
        <p>
          <strong>{t('consultantProfile.status.reason')}</strong> {reason}
        </p>
      )}
    </div>
  );
}
