import { useTranslation } from 'react-i18next';
import styles from './account-status.module.css';

/** `active` or `deactivated` (by an administrator), as the admin lists and profiles receive it. */
export type AccountStatus = 'active' | 'deactivated';

/** A "Deactivated" label for a deactivated account; nothing for an active one. */
export function AccountStatusBadge({ status }: { status: AccountStatus | undefined }) {
  const { t } = useTranslation();
  if (status !== 'deactivated') return null;
  return <span className={styles.badge}>{t('accountActions.deactivatedBadge')}</span>;
}
