import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import { errorText } from '@/lib/toast';
import { useLegalVersions } from '../api/get-legal-versions';
import type { LegalKind } from '../api/types';
import { LegalVersionForm } from './legal-version-form';

/** spec §2 admin `add-terms-condition` / `add-privacy-policy`: the form, once the version in force is read. */
export function AddLegalVersionPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  const versions = useLegalVersions(kind, false);
  const current = versions.data?.find((version) => version.status === 'in_force');
  return (
    <div className="stack">
      <PageTitle>{t(`adminSite.titles.${kind}.add`)}</PageTitle>
      <div className="card">
        {current ? (
          <LegalVersionForm key={current.version} kind={kind} current={current} />
        ) : versions.isError ? (
          <p role="alert">{errorText(versions.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    </div>
  );
}
