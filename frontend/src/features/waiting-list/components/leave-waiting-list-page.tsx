import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { ActionButton } from '@/components/ui/action-button';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/toast';
import { useLeaveWaitingList } from '../api/leave-waiting-list';
import styles from './waiting-list.module.css';

/**
 * `/waiting-list/leave/:entryId/:token` (the last line of every waiting-list mail): nothing happens on
 * opening (mail scanners follow links); the button ends the entry and erases the address.
 */
export function LeaveWaitingListPage() {
  const { t } = useTranslation();
  const { entryId = '', token = '' } = useParams();
  const leave = useLeaveWaitingList();

  return (
    <div className={`container stack ${styles.page}`}>
      <PageTitle>{t('waitingList.leave.title')}</PageTitle>
      <div role="status" aria-live="polite">
        {leave.isSuccess && <p className={styles.done}>{t('waitingList.leave.done')}</p>}
      </div>
      {leave.isError && <p role="alert">{errorText(leave.error, t('errors.network'))}</p>}
      {leave.isSuccess ? (
        <p>
          <Link to={paths.home.getHref()}>{t('lists.backHome')}</Link>
        </p>
      ) : (
        <>
          <p>{t('waitingList.leave.text')}</p>
          <div>
            <ActionButton
              type="button"
              pending={leave.isPending}
              pendingLabel={t('waitingList.leave.sending')}
              onClick={() => leave.mutate({ entry_id: entryId, token })}
            >
              {t('waitingList.leave.submit')}
            </ActionButton>
          </div>
        </>
      )}
    </div>
  );
}
