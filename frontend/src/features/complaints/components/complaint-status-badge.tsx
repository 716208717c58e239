import { useTranslation } from 'react-i18next';
import type { ComplaintStatus } from '../api/types';
import styles from './complaints.module.css';

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-status={status}>
      {t(`complaints.status.${status}`)}
    </span>
  );
}
