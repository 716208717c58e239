import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountStatusBadge } from '@/components/account/account-status-badge';
import accountStyles from '@/components/account/account-status.module.css';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { displayValue, formatDateTime, formatMinutes, formatPrice } from '@/lib/format';
import { registrationRows } from '@/lib/registration-profile';
import { errorText } from '@/lib/toast';
import { useConsultant } from '../api/get-consultant';
import { type AdminConsultantProfile, type SectionName, type StoredFile } from '../api/types';
import { ConsultantAccountActions, ConsultantActions } from './consultant-actions';
import styles from './admin-consultants.module.css';
import { StatusBadge } from './status-badge';
import { useReferenceNames } from './use-reference-names';

/** Admins read every upload through their own area (docs/api.md "Files"). */
const fileHref = (file: StoredFile) =>
  `/api/admin-panel/files/${file.key.split('/').map(encodeURIComponent).join('/')}`;

function FileLink({ file, label }: { file: StoredFile | null | undefined; label: string }) {
  const { t } = useTranslation();
  if (!file) return <>{t('adminConsultants.none')}</>;
  return (
    <a href={fileHref(file)} target="_blank" rel="noopener noreferrer">
      {label} <span className="visually-hidden">{t('common.newWindow')}</span>
    </a>
  );
}

type Row = [label: string, value: ReactNode];

/** Label / value pairs; empty values show a dash so that nothing is silently missing. */
function Fields({ rows }: { rows: Row[] }) {
  return (
    <dl className={styles.fields}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ name, complete, children }: { name: SectionName; complete?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby={`section-${name}`}>
      <div className={styles.sectionTitle}>
        <h2 id={`section-${name}`}>{t(`adminConsultants.sections.${name}`)}</h2>
        {complete !== undefined && (
          <span className={complete ? styles.complete : styles.incomplete}>
            {t(complete ? 'adminConsultants.complete' : 'adminConsultants.incomplete')}
          </span>
        )}
      </div>
      {children}
    </section>
  );
}

/** Bank fields in the order of the form (spec §3); an admin sees them in full. */
const BANK_FIELDS = [
  'payment_currency',
  'tax_number',
  'bank_name',
  'agency_name',
  'agency_address',
  'swift_bic',
  'account_number',
  'branch_code',
  'iban',
  'control_key',
  'account_holder',
  'account_currency',
] as const;

function ProfileDetails({ details }: { details: NonNullable<AdminConsultantProfile['profile_details']> }) {
  const { t, i18n } = useTranslation();
  const f = (key: string) => t(`adminConsultants.fields.${key}`);
  const keywords = useReferenceNames('keywords', details.keyword_ids ?? []);
  const objectives = useReferenceNames('objectives', details.objective_ids ?? []);
  const disorders = useReferenceNames('disorders', details.disorder_ids ?? []);
  const specialisations = useReferenceNames('specializations', details.specialisation_ids ?? []);
  const languages = useReferenceNames('languages', details.languages ?? [], true);
  const price = details.price ?? (details.price_minor !== undefined && details.currency
    ? { minor: details.price_minor, currency: details.currency }
    : null);
  return (
    <>
      {details.photo && (
        <img
          className={styles.photo}
          src={fileHref(details.photo)}
          width={120}
          height={120}
          alt={t('adminConsultants.fields.photo')}
        />
      )}
      <Fields
        rows={[
          [f('bio'), details.bio],
          [f('background'), details.background],
          [f('expertise'), details.expertise],
          [
            f('video_url'),
            details.video_url && (
              <a href={details.video_url} target="_blank" rel="noopener noreferrer">
                {details.video_url}
              </a>
            ),
          ],
          [f('keywords'), keywords.join(', ')],
          [f('objectives'), objectives.join(', ')],
          [f('disorders'), disorders.join(', ')],
          [f('specialisations'), specialisations.join(', ')],
          [f('price'), price && formatPrice(price.minor, price.currency, i18n.language)],
          [f('session_minutes'), details.session_minutes ? formatMinutes(details.session_minutes, i18n.language) : ''],
          [f('languages'), languages.join(', ')],
          [f('first_consultation_free'), t(details.first_consultation_free ? 'adminConsultants.yes' : 'adminConsultants.no')],
          [f('photo'), <FileLink file={details.photo} label={t('adminConsultants.open')} />],
          [f('resume'), <FileLink file={details.resume} label={t('adminConsultants.open')} />],
        ]}
      />
    </>
  );
}

function Address({ address }: { address: NonNullable<AdminConsultantProfile['address']> }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`adminConsultants.fields.${key}`);
  const [country] = useReferenceNames('countries', [address.country_id]);
  const [city] = useReferenceNames('cities', [address.city_id]);
  return (
    <Fields
      rows={[
        [f('country'), country],
        [f('city'), city],
        [f('house_number'), address.house_number],
        [f('street_name'), address.street_name],
        [f('street_name_2'), address.street_name_2],
        [f('postal_code'), address.postal_code],
      ]}
    />
  );
}


/** spec §2 admin `consultant/consultant-profile/{id}`: every section and document, status, history, actions. */
export function ConsultantProfilePage({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const query = useConsultant(id);
  const profile = query.data;
  const f = (key: string) => t(`adminConsultants.fields.${key}`);
  const open = t('adminConsultants.open');

  if (!profile) {
    return (
      <div className="stack">
        <PageTitle>{t('adminConsultants.profileTitle')}</PageTitle>
        {query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    );
  }

  const basic = profile.basic_profile;
  const name = basic ? `${basic.given_name} ${basic.family_name}` : (profile.account?.email ?? id);
  const complete = (section: SectionName) => profile.sections[section];
  const changed = profile.changed_since_approval ?? [];
  const registration = profile.account?.profile;
  const accountStatus = profile.account?.account_status ?? 'active';

  return (
    <div className="stack">
      <PageTitle>{t('adminConsultants.profileTitle')}</PageTitle>
      <p>
        <Link to={paths.admin.consultants.list.getHref()}>{t('adminConsultants.back')}</Link>
      </p>
      <section className="card stack" aria-labelledby="consultant-summary">
        <div className={styles.head}>
          <h2 id="consultant-summary">{name}</h2>
          <StatusBadge status={profile.status} />
          <AccountStatusBadge status={accountStatus} />
        </div>
        <Fields
          rows={[
            [t('fields.email'), profile.account?.email],
            [f('registered_at'), formatDateTime(profile.account?.registered_at, i18n.language)],
            [t('accountActions.status'), t(`accountActions.statuses.${accountStatus}`)],
            [
              f('missing'),
              profile.missing.length > 0
                ? profile.missing.map((section) => t(`adminConsultants.sections.${section}`)).join(', ')
                : t('adminConsultants.noneMissing'),
            ],
          ]}
        />
        {profile.status === 'rejected' && profile.rejection_reason && (
          <div className={styles.reason}>
            <strong>{t('adminConsultants.rejectionReason')}</strong>
            <p>{profile.rejection_reason}</p>
          </div>
        )}
        {profile.status === 'suspended' && profile.suspension_reason && (
          <div className={styles.reason}>
            <strong>{t('adminConsultants.suspensionReason')}</strong>
            <p>{profile.suspension_reason}</p>
          </div>
        )}
        {changed.length > 0 && (
          <p>
            <span className={styles.flag}>{t('adminConsultants.changesToReview')}</span>{' '}
            {changed.map((section) => t(`adminConsultants.sections.${section}`, section)).join(', ')}
          </p>
        )}
        {accountStatus === 'deactivated' && (
          <div className={styles.reason}>
            <strong>{t('accountActions.reasonLabel')}</strong>
            {profile.account?.deactivated_at && (
              <p>
                {t('accountActions.deactivatedAt')} {formatDateTime(profile.account.deactivated_at, i18n.language)}
              </p>
            )}
            <p className={accountStyles.reason}>{profile.account?.deactivation_reason ?? '—'}</p>
          </div>
        )}
        <ConsultantActions id={id} name={name} status={profile.status} hasChanges={changed.length > 0} />
        <ConsultantAccountActions id={id} name={name} status={accountStatus} />
      </section>

      <Section name="basic_profile" complete={complete('basic_profile')}>
        {basic ? (
          <Fields
            rows={[
              [t('fields.title'), basic.title && t(`registration.titles.${basic.title}`, basic.title)],
              [t('fields.gender'), basic.gender && t(`registration.genders.${basic.gender}`, basic.gender)],
              [t('fields.givenName'), basic.given_name],
              [t('fields.familyName'), basic.family_name],
              [t('fields.contactNumber'), [basic.isd_code, basic.contact_number].filter(Boolean).join(' ')],
              [t('fields.spokenLanguages'), basic.spoken_languages.join(', ')],
              [t('fields.timezone'), basic.timezone],
            ]}
          />
        ) : (
          <p>{t('adminConsultants.notFilled')}</p>
        )}
      </Section>

      <Section name="address" complete={complete('address')}>
        {profile.address ? <Address address={profile.address} /> : <p>{t('adminConsultants.notFilled')}</p>}
      </Section>

      <Section name="education" complete={complete('education')}>
        {profile.degrees.length > 0 ? (
          <ul>
            {profile.degrees.map((degree) => (
              <li key={degree.id}>
                {degree.name} — {degree.school} ({degree.year}) · <FileLink file={degree.attachment} label={open} />
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('adminConsultants.notFilled')}</p>
        )}
      </Section>

      <Section name="certificates" complete={complete('certificates')}>
        {profile.certificates.length > 0 ? (
          <ul>
            {profile.certificates.map((certificate) => (
              <li key={certificate.id}>
                {certificate.name} — {certificate.school} ({certificate.year})
                {certificate.number ? ` · ${f('number')} ${certificate.number}` : ''} ·{' '}
                <FileLink file={certificate.attachment} label={open} />
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('adminConsultants.notFilled')}</p>
        )}
      </Section>

      <Section name="bank" complete={complete('bank')}>
        {profile.bank ? (
          <Fields
            rows={[
              ...BANK_FIELDS.map((key): Row => [f(key), displayValue(profile.bank?.[key])]),
              [f('attachment'), <FileLink file={profile.bank.attachment} label={open} />],
            ]}
          />
        ) : (
          <p>{t('adminConsultants.notFilled')}</p>
        )}
      </Section>

      <Section name="profile_details" complete={complete('profile_details')}>
        {profile.profile_details ? (
          <ProfileDetails details={profile.profile_details} />
        ) : (
          <p>{t('adminConsultants.notFilled')}</p>
        )}
      </Section>

      <Section name="documents" complete={complete('documents')}>
        {profile.documents ? (
          <Fields
            rows={[
              [f('contract'), <FileLink file={profile.documents.contract} label={open} />],
              [f('id_number'), profile.documents.id_number],
              [f('id_attachment'), <FileLink file={profile.documents.id_attachment} label={open} />],
              [f('criminal_record'), <FileLink file={profile.documents.criminal_record} label={open} />],
            ]}
          />
        ) : (
          <p>{t('adminConsultants.notFilled')}</p>
        )}
      </Section>

      <section className="card" aria-labelledby="consultant-registration">
        <h2 id="consultant-registration">{t('adminConsultants.registration')}</h2>
        <Fields rows={registrationRows(registration, t)} />
      </section>

      <section className="card" aria-labelledby="consultant-history">
        <h2 id="consultant-history">{t('adminConsultants.history')}</h2>
        {profile.history && profile.history.length > 0 ? (
          <ol className={styles.history}>
            {profile.history.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                {formatDateTime(entry.at, i18n.language)} — {t(`adminConsultants.events.${entry.type}`, entry.type)}
                {entry.actor ? ` (${t(`adminConsultants.actors.${entry.actor}`, entry.actor)})` : ''}
              </li>
            ))}
          </ol>
        ) : (
          <p>{t('adminConsultants.noHistory')}</p>
        )}
      </section>
    </div>
  );
}
