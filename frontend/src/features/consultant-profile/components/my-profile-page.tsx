import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fileHref, type UploadedFile } from '@/components/form/file-upload';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import type { PublicReferenceKind } from '@/lib/public-reference';
import { errorText } from '@/lib/toast';
import { languageName, usePersonOptions } from '../api/get-person-options';
import { formatMoney } from '../api/money';
import { detailsPrice, SECTIONS, useConsultantProfile, type ConsultantProfile, type SectionName } from '../api/profile';
import { AwardSummary } from './award-summary';
import styles from './consultant-profile.module.css';
import { SectionChecklist } from './progress-page';
import { ProfileStatusNotice } from './profile-status';
import { SECTION_HREF, sectionLabelKey } from './sections';
import { useReferenceOptions } from './use-reference-options';

type Row = [label: string, value: ReactNode];

function Definitions({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.definitions}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? t('consultantProfile.view.empty') : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FileLink({ file }: { file: UploadedFile | null | undefined }) {
  const { t } = useTranslation();
  if (!file) return null;
  return (
    <a
      href={fileHref('consultant', file.key)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${t('consultantProfile.file.view')} ${t('common.newWindow')}`}
    >
      {t('consultantProfile.file.view')}
    </a>
  );
}

/** Names of reference ids in the interface language. */
function useNames(kind: PublicReferenceKind, parentId?: string) {
  const { t } = useTranslation();
  const { options } = useReferenceOptions(kind, parentId, kind !== 'cities' || Boolean(parentId));
  return (ids: readonly string[]) =>
    ids.map((id) => options.find((o) => o.value === id)?.label ?? t('consultantProfile.details.retiredItem')).join(', ');
}

function SectionCard({ section, children }: { section: SectionName; children: ReactNode }) {
  const { t } = useTranslation();
  const title = t(sectionLabelKey(section));
  return (
    <section className="card" aria-labelledby={`view-${section}`}>
      <div className={styles.header}>
        <h2 id={`view-${section}`}>{title}</h2>
        <Link to={SECTION_HREF[section]} aria-label={`${t('consultantProfile.progress.edit')} ${title}`}>
          {t('consultantProfile.progress.edit')}
        </Link>
      </div>
      {children}
    </section>
  );
}

function ProfileView({ profile }: { profile: ConsultantProfile }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const registration = usePersonOptions();
  const countries = useNames('countries');
  const cities = useNames('cities', profile.address?.country_id);
  const keywords = useNames('keywords');
  const objectives = useNames('objectives');
  const disorders = useNames('disorders');
  const specialisations = useNames('specializations');
  const languageNames = (codes: readonly string[]) =>
    codes.map((code) => languageName(registration.data, code, language)).join(', ');
  const none = <p>{t('consultantProfile.view.notFilled')}</p>;
  const b = profile.basic_profile;
  const a = profile.address;
  const bank = profile.bank;
  const d = profile.profile_details;
  const price = d ? detailsPrice(d) : null;
  const docs = profile.documents;
  const yes = (value: boolean) => t(value ? 'consultantProfile.view.yes' : 'consultantProfile.view.no');

  const body: Record<SectionName, ReactNode> = {
    basic_profile: b ? (
      <Definitions
        rows={[
          [t('fields.title'), t(`registration.titles.${b.title}`, { defaultValue: b.title })],
          [t('fields.givenName'), b.given_name],
          [t('fields.familyName'), b.family_name],
          [t('fields.gender'), t(`registration.genders.${b.gender}`, { defaultValue: b.gender })],
          [t('fields.contactNumber'), `${b.isd_code} ${b.contact_number}`],
          [t('fields.spokenLanguages'), languageNames(b.spoken_languages)],
          [t('fields.timezone'), b.timezone],
        ]}
      />
    ) : (
      none
    ),
    address: a ? (
      <Definitions
        rows={[
          [t('consultantProfile.address.country'), countries([a.country_id])],
          [t('consultantProfile.address.city'), cities([a.city_id])],
          [t('consultantProfile.address.houseNumber'), a.house_number],
          [t('consultantProfile.address.streetName'), a.street_name],
          [t('consultantProfile.address.streetName2'), a.street_name_2],
          [t('consultantProfile.address.postalCode'), a.postal_code],
        ]}
      />
    ) : (
      none
    ),
    education:
      profile.degrees.length > 0 ? (
        <ul className={styles.list}>
          {profile.degrees.map((degree) => (
            <li key={degree.id} className={styles.listItem}>
              <h3>{degree.name}</h3>
              <AwardSummary entry={degree} />
            </li>
          ))}
        </ul>
      ) : (
        none
      ),
    certificates:
      profile.certificates.length > 0 ? (
        <ul className={styles.list}>
          {profile.certificates.map((certificate) => (
            <li key={certificate.id} className={styles.listItem}>
              <h3>{certificate.name}</h3>
              <AwardSummary entry={certificate} />
            </li>
          ))}
        </ul>
      ) : (
        none
      ),
    bank: bank ? (
      <Definitions
        rows={[
          [t('consultantProfile.bank.accountHolder'), bank.account_holder],
          [t('consultantProfile.bank.taxNumber'), bank.tax_number],
          [t('consultantProfile.bank.bankName'), bank.bank_name],
          [t('consultantProfile.bank.agencyName'), bank.agency_name],
          [t('consultantProfile.bank.agencyAddress'), bank.agency_address],
          [t('consultantProfile.bank.iban'), bank.iban],
          [t('consultantProfile.bank.swiftBic'), bank.swift_bic],
          [t('consultantProfile.bank.accountNumber'), bank.account_number],
          [t('consultantProfile.bank.branchCode'), bank.branch_code],
          [t('consultantProfile.bank.controlKey'), bank.control_key],
          [t('consultantProfile.bank.paymentCurrency'), bank.payment_currency],
          [t('consultantProfile.bank.accountCurrency'), bank.account_currency],
          [t('consultantProfile.bank.attachment'), <FileLink key="f" file={bank.attachment} />],
        ]}
      />
    ) : (
      none
    ),
    profile_details: d ? (
      <>
        {d.photo && (
          <img
            className={styles.photo}
            src={fileHref('consultant', d.photo.key)}
            alt={t('consultantProfile.details.photo')}
            width={128}
            height={128}
          />
        )}
        <Definitions
          rows={[
            [t('consultantProfile.details.bio'), d.bio],
            [t('consultantProfile.details.background'), d.background],
            [t('consultantProfile.details.expertise'), d.expertise],
            [
              t('consultantProfile.details.videoUrl'),
              d.video_url && /^https?:\/\//i.test(d.video_url) ? (
                <a href={d.video_url} target="_blank" rel="noopener noreferrer">
                  {d.video_url}
                </a>
              ) : null,
            ],
            [t('consultantProfile.details.price'), price ? formatMoney(price.minor, price.currency, language) : null],
            [
              t('consultantProfile.details.sessionMinutes'),
              t('consultantProfile.details.minutes', { count: d.session_minutes }),
            ],
            [t('consultantProfile.details.firstFree'), yes(d.first_consultation_free)],
            [t('consultantProfile.details.languages'), languageNames(d.languages)],
            [t('consultantProfile.details.specialisations'), specialisations(d.specialisation_ids)],
            [t('consultantProfile.details.disorders'), disorders(d.disorder_ids)],
            [t('consultantProfile.details.keywords'), keywords(d.keyword_ids)],
            [t('consultantProfile.details.objectives'), objectives(d.objective_ids)],
            [t('consultantProfile.details.resume'), <FileLink key="r" file={d.resume} />],
          ]}
        />
      </>
    ) : (
      none
    ),
    documents: docs ? (
      <Definitions
        rows={[
          [t('consultantProfile.documents.contract'), <FileLink key="c" file={docs.contract} />],
          [t('consultantProfile.documents.idNumber'), docs.id_number],
          [t('consultantProfile.documents.idAttachment'), <FileLink key="i" file={docs.id_attachment} />],
          [t('consultantProfile.documents.criminalRecord'), <FileLink key="k" file={docs.criminal_record} />],
        ]}
      />
    ) : (
      none
    ),
  };

  return (
    <>
      <ProfileStatusNotice profile={profile} />
      <section className="card" aria-labelledby="view-progress">
        <h2 id="view-progress">{t('consultantProfile.progress.title')}</h2>
        <SectionChecklist profile={profile} />
      </section>
      {SECTIONS.map((section) => (
        <SectionCard key={section} section={section}>
          {body[section]}
        </SectionCard>
      ))}
    </>
  );
}

/** spec §2 my-profile: the whole profile, read only, with its progress. */
export function MyProfilePage() {
  const { t } = useTranslation();
  const profile = useConsultantProfile();
  return (
    <div className="stack">
      <div className={styles.header}>
        <PageTitle>{t('consultantProfile.titles.myProfile')}</PageTitle>
        <Link to={paths.consultant.profile.editAccount.getHref()}>{t('consultantProfile.menu.editAccount')}</Link>
      </div>
      {profile.data ? (
        <ProfileView profile={profile.data} />
      ) : profile.isError ? (
        <p role="alert">{errorText(profile.error, t('errors.network'))}</p>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </div>
  );
}
