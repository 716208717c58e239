import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatDayIn } from '@/lib/zoned-time';
import styles from './area-layout.module.css';

/**
 * While the account's erasure is pending (issue 14, the session's `erasure_due_at`): the day it runs, in the
 * account's zone, and the way to « Mes données », where it is cancelled. At the top of every page of the area.
 */
export function ErasureBanner({ role }: { role: 'client' | 'consultant' }) {
  const { t, i18n } = useTranslation();
  const due = useSession(role).data?.erasure_due_at;
  const zone = useViewerZone(role);
  if (!due) return null;
  return (
    <div role="status" className={styles.erasureBanner} data-testid="erasure-banner">
      <p>{t('privacy.banner.text', { date: formatDayIn(due, zone, i18n.language) })}</p>
      <Link to={paths[role].myData.getHref()}>{t('privacy.banner.link')}</Link>
    </div>
  );
}
