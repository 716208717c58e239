import { useTranslation } from 'react-i18next';
import type { ConsultantStatus } from '../api/types';
import styles from './admin-consultants.module.css';

/** The status as a coloured label (the colour repeats the text, never replaces it). */
export function StatusBadge({ status }: { status: ConsultantStatus }) {
  const { t } = useTranslation();
  return <span className={`${styles.badge} ${styles[status] ?? ''}`}>{t(`adminConsultants.statuses.${status}`)}</span>;
}
