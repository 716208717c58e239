import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/components/ui/auth-card';
import type { Role } from '@/config/roles';
import { useNoReferrer } from './use-no-referrer';

const ResetPasswordForm = lazy(() =>
  import('./reset-password-form').then((m) => ({ default: m.ResetPasswordForm })),
);

type Props = { role: Role; token: string; email: string };

/** verify/{reset_password_token}/{email} */
export function ResetPasswordPage({ role, token, email }: Props) {
  const { t } = useTranslation();
  useNoReferrer();
  return (
    <AuthCard title={t('auth.reset.title')} intro={t('auth.reset.intro', { email })}>
      <ResetPasswordForm role={role} token={token} email={email} />
    </AuthCard>
  );
}
