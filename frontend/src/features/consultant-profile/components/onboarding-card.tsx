import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useConsultantProfile } from '../api/profile';
import { SectionChecklist } from './progress-page';
import { ProfileStatusNotice } from './profile-status';

/**
 * The consultant dashboard's profile card: until approved, what is missing (with links)
 * and that appointments start after approval; the review state and any rejection reason.
 */
export function OnboardingCard() {
  const { t } = useTranslation();
  const { data: profile } = useConsultantProfile({ silent: true });
  if (!profile || profile.status === 'approved') return null;
  const missing = profile.missing.length > 0;
  const editable = profile.status !== 'submitted' && profile.status !== 'suspended';
  return (
    <section className="card" aria-labelledby="dashboard-onboarding">
      <h2 id="dashboard-onboarding">{t('consultantProfile.dashboard.title')}</h2>
      <ProfileStatusNotice profile={profile} />
      <p>{t('consultantProfile.dashboard.afterApproval')}</p>
      {editable &&
        (missing ? (
          <>
            <p>{t('consultantProfile.dashboard.missing')}</p>
            <SectionChecklist profile={profile} onlyMissing />
          </>
        ) : (
          <p>{t('consultantProfile.dashboard.readyToSubmit')}</p>
        ))}
      <p>
        <Link className="btn" to={paths.consultant.profile.editAccount.getHref()}>
          {t('consultantProfile.dashboard.open')}
        </Link>
      </p>
    </section>
  );
}
