import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { errorText, toast } from '@/lib/toast';
import {
  isRequiredSection,
  readyToSubmit,
  SECTIONS,
  useConsultantProfile,
  type ConsultantProfile,
  type SectionName,
} from '../api/profile';
import { useSubmitProfile } from '../api/submit-profile';
import { useWithdrawProfile } from '../api/withdraw-profile';
import styles from './consultant-profile.module.css';
import { ProfileStatusNotice } from './profile-status';
import { SECTION_HREF, sectionLabelKey } from './sections';
import { settle } from '@/lib/action-feedback';

/** Each section with its state and a link to edit it (also on the dashboard). */
export function SectionChecklist({ profile, onlyMissing = false }: { profile: ConsultantProfile; onlyMissing?: boolean }) {
  const { t } = useTranslation();
  const shown = SECTIONS.filter((s) => !onlyMissing || (isRequiredSection(s) && !profile.sections[s]));
  const state = (section: SectionName) =>
    profile.sections[section] ? 'done' : isRequiredSection(section) ? 'todo' : 'optional';
  return (
    <ul className={styles.sectionList}>
      {shown.map((section) => {
        const name = t(sectionLabelKey(section));
        const s = state(section);
        const action = t(profile.sections[section] ? 'consultantProfile.progress.edit' : 'consultantProfile.progress.fill');
        return (
          <li key={section} className={styles.sectionItem}>
            <span className={styles.sectionName}>{name}</span>
            <span className={`${styles.badge} ${styles[s]}`}>{t(`consultantProfile.progress.${s}`)}</span>
            <Link to={SECTION_HREF[section]} aria-label={`${action} ${name}`}>
              {action}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function SubmitActions({ profile }: { profile: ConsultantProfile }) {
  const { t } = useTranslation();
  const submit = useSubmitProfile();
  const withdraw = useWithdrawProfile();
  const ready = readyToSubmit(profile);
  const canSubmit = profile.status === 'in_progress' || profile.status === 'registered' || profile.status === 'rejected';
  const sectionNames = (error: unknown) =>
    isApiError(error)
      ? Object.keys(error.fields)
          .filter((key): key is SectionName => (SECTIONS as readonly string[]).includes(key))
          .map((key) => t(sectionLabelKey(key)))
      : [];
  return (
    <div className={styles.actions}>
      {profile.status === 'submitted' ? (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={withdraw.isPending}
          aria-busy={withdraw.isPending || undefined}
          onClick={() =>
            settle(withdraw.mutateAsync(), {
              onSuccess: () => toast.success(t('consultantProfile.progress.withdrawn')),
              onError: (error) => toast.error(errorText(error, t('errors.network'))),
            })
          }
        >
          {t('consultantProfile.progress.withdraw')}
        </button>
      ) : canSubmit ? (
        <>
          <button
            type="button"
            className="btn"
            disabled={!ready || submit.isPending}
            aria-busy={submit.isPending || undefined}
            aria-describedby={ready ? undefined : 'submit-help'}
            onClick={() =>
              settle(submit.mutateAsync(), {
                onSuccess: () => toast.success(t('consultantProfile.progress.submitted')),
                onError: (error) => {
                  const missing = sectionNames(error);
                  toast.error(
                    missing.length > 0
                      ? t('consultantProfile.progress.stillMissing', { sections: missing.join(', ') })
                      : errorText(error, t('errors.network')),
                  );
                },
              })
            }
          >
            {t('consultantProfile.progress.submit')}
          </button>
          {!ready && (
            <p id="submit-help" className={styles.optional}>
              {t('consultantProfile.progress.submitHelp')}
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}

/** spec §2 edit-account: progress of every section, the review status, submit and withdraw. */
export function ProgressPage() {
  const { t } = useTranslation();
  const profile = useConsultantProfile();
  const data = profile.data;
  const required = SECTIONS.filter(isRequiredSection);
  const done = data ? required.filter((s) => data.sections[s]).length : 0;
  return (
    <div className="stack">
      <div className={styles.header}>
        <PageTitle>{t('consultantProfile.titles.editAccount')}</PageTitle>
        <Link to={paths.consultant.profile.myProfile.getHref()}>{t('consultantProfile.menu.viewProfile')}</Link>
      </div>
      {data ? (
        <>
          <ProfileStatusNotice profile={data} />
          <section className="card" aria-labelledby="progress-title">
            <h2 id="progress-title">{t('consultantProfile.progress.title')}</h2>
            <p>
              <label htmlFor="progress-bar">
                {t('consultantProfile.progress.count', { done, total: required.length })}
              </label>
              <br />
              <progress id="progress-bar" className={styles.progress} max={required.length} value={done} />
            </p>
            <SectionChecklist profile={data} />
          </section>
          <section className="card" aria-labelledby="review-title">
            <h2 id="review-title">{t('consultantProfile.progress.reviewTitle')}</h2>
            <SubmitActions profile={data} />
          </section>
        </>
      ) : profile.isError ? (
        <p role="alert">{errorText(profile.error, t('errors.network'))}</p>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </div>
  );
}
