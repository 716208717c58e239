import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/components/ui/auth-card';
import type { Role } from '@/config/roles';

const ForgotPasswordForm = lazy(() =>
  import('./forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
);

export function ForgotPasswordPage({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.forgot.title')} intro={t('auth.forgot.intro')}>
      <ForgotPasswordForm role={role} />
    </AuthCard>
  );
}
