import { useTranslation } from 'react-i18next';
import { useArea } from '@/components/layouts/area-context';
import { PageTitle } from '@/components/layouts/page-title';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';

export function Component() {
  const { t } = useTranslation();
  const { role } = useArea();
  return (
    <div className="stack">
      <PageTitle>{t('nav.changePassword')}</PageTitle>
      <div className="card">
        <ChangePasswordForm role={role} />
      </div>
    </div>
  );
}
