import { useTranslation } from 'react-i18next';
import type { BlogStatus } from '../api/types';
import styles from './blog-admin.module.css';

/** The post's status as a label (the colour repeats the text, never replaces it). */
export function PostStatusBadge({ status }: { status: BlogStatus }) {
  const { t } = useTranslation();
  return <span className={`${styles.badge} ${styles[status] ?? ''}`}>{t(`adminBlog.statuses.${status}`)}</span>;
}
