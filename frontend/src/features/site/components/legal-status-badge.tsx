import { useTranslation } from 'react-i18next';
import type { LegalStatus } from '../api/types';
import styles from './site-admin.module.css';

/** A version's status as a label (the colour repeats the text, never replaces it). */
export function LegalStatusBadge({ status }: { status: LegalStatus }) {
  const { t } = useTranslation();
  return <span className={`${styles.badge} ${styles[status] ?? ''}`}>{t(`adminSite.statuses.${status}`)}</span>;
}
