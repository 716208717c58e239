import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import type { PrivacyRole } from '../api/types';
import { DownloadSection } from './download-section';
import { ErasureSection } from './erasure-section';

/**
 * « Mes données » (issue 14): the account holder's rights over their personal data, one section each. Deleting the
 * account and downloading the data are here; who saw the health data and the consents come here as sections too.
 */
export function MyDataPage({ role }: { role: PrivacyRole }) {
  const { t } = useTranslation();
  return (
    <div className="stack" data-testid="my-data-page">
      <PageTitle>{t('privacy.title')}</PageTitle>
      <p>{t('privacy.intro')}</p>
      <DownloadSection role={role} />
      <ErasureSection role={role} />
    </div>
  );
}
