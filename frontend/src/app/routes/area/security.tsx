import { useTranslation } from 'react-i18next';
import { useArea } from '@/components/layouts/area-context';
import { PageTitle } from '@/components/layouts/page-title';
import { SecurityPanel } from '@/features/second-factor/components/security-panel';

export function Component() {
  const { t } = useTranslation();
  const { role } = useArea();
  return (
    <div className="stack">
      <PageTitle>{t('nav.security')}</PageTitle>
      <div className="card">
        <SecurityPanel role={role} />
      </div>
    </div>
  );
}
