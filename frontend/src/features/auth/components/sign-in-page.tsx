import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/components/ui/auth-card';
import type { Role } from '@/config/roles';

const SignInForm = lazy(() => import('./sign-in-form').then((m) => ({ default: m.SignInForm })));

/** The page shows its title at once; the form code follows. */
export function SignInPage({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.signIn.title', { area: t(`roles.${role}`) })}>
      <SignInForm role={role} />
    </AuthCard>
  );
}
