import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/toast';
import { isLocked, useConsultantProfile, type ConsultantProfile } from '../api/profile';
import styles from './consultant-profile.module.css';

type Props = {
  title: string;
  /** Where the "back" link goes (the progress view by default). */
  backHref?: string;
  backLabel?: string;
  children: (profile: ConsultantProfile, locked: boolean) => ReactNode;
};

/** One edit-account screen: title, back link, the profile loaded, and a notice while under review. */
export function SectionPage({ title, backHref, backLabel, children }: Props) {
  const { t } = useTranslation();
  const profile = useConsultantProfile();
  const locked = profile.data ? isLocked(profile.data) : false;
  return (
    <div className="stack">
      <div className={styles.header}>
        <PageTitle>{title}</PageTitle>
        <Link to={backHref ?? paths.consultant.profile.editAccount.getHref()}>
          {backLabel ?? t('consultantProfile.backToProgress')}
        </Link>
      </div>
      {locked && (
        <p className={styles.notice} role="status">
          {t('consultantProfile.lockedNotice')}
        </p>
      )}
      <div className="card">
        {profile.data ? (
          children(profile.data, locked)
        ) : profile.isError ? (
          <p role="alert">{errorText(profile.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    </div>
  );
}
