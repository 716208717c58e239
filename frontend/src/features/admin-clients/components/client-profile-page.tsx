import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountStatusActions } from '@/components/account/account-status-actions';
import { AccountStatusBadge } from '@/components/account/account-status-badge';
import accountStyles from '@/components/account/account-status.module.css';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { registrationRows } from '@/lib/registration-profile';
import { errorText } from '@/lib/toast';
import { useClientAccountStatus } from '../api/deactivate-client';
import { useClient } from '../api/get-client';
import styles from './admin-clients.module.css';

/** spec §2 admin `client/client-profile/{id}`: the account and its registration profile. */
export function ClientProfilePage({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const query = useClient(id);
  const accountStatus = useClientAccountStatus(id);
  const client = query.data;
  const title = t('adminClients.profileTitle');
  if (!client) {
    return (
      <div className="stack">
        <PageTitle>{title}</PageTitle>
        {query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    );
  }
  const profile = client.profile ?? {};
  const name = [profile.given_name, profile.family_name].filter((part) => typeof part === 'string').join(' ');
  const status = client.account_status ?? 'active';
  // The registration profile carries the language and time zone too; the account's own are the fallback.
  const rows: [string, string][] = [
    [t('fields.email'), client.email],
    [t('adminClients.registeredAt'), formatDateTime(client.registered_at, i18n.language)],
    [t('accountActions.status'), t(`accountActions.statuses.${status}`)],
    ...(status === 'deactivated' && client.deactivated_at
      ? [[t('accountActions.deactivatedAt'), formatDateTime(client.deactivated_at, i18n.language)] as [string, string]]
      : []),
    ...(profile.correspondence_language === undefined
      ? [[t('fields.correspondenceLanguage'), client.language ?? '—'] as [string, string]]
      : []),
    ...(profile.timezone === undefined ? [[t('fields.timezone'), client.timezone ?? '—'] as [string, string]] : []),
    ...registrationRows(profile, t).filter(([label]) => label !== t('fields.email')),
  ];
  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <p>
        <Link to={paths.admin.clients.list.getHref()}>{t('adminClients.back')}</Link>
      </p>
      <section className="card stack" aria-labelledby="client-summary">
        <h2 id="client-summary">{name || client.email}</h2>
        {status === 'deactivated' && (
          <p>
            <AccountStatusBadge status={status} />
          </p>
        )}
        <dl className={styles.fields}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {status === 'deactivated' && (
          <div>
            <strong>{t('accountActions.reasonLabel')}</strong>
            <p className={accountStyles.reason}>{client.deactivation_reason ?? '—'}</p>
          </div>
        )}
        <AccountStatusActions
          status={status}
          name={name || client.email}
          deactivate={(reason) => accountStatus.deactivate.mutateAsync(reason)}
          reactivate={() => accountStatus.reactivate.mutateAsync()}
        />
      </section>
    </div>
  );
}
