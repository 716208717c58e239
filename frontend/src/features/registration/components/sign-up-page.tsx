import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/components/ui/auth-card';
import type { SignUpRole } from '@/config/roles';
import { useRegistrationOptions } from '../api/get-registration-options';

const SignUpForm = lazy(() => import('./sign-up-form').then((m) => ({ default: m.SignUpForm })));

/** Title at once; the options request starts while the form code loads. */
export function SignUpPage({ role }: { role: SignUpRole }) {
  const { t } = useTranslation();
  useRegistrationOptions();
  return (
    <AuthCard wide title={t('registration.title', { area: t(`roles.${role}`) })} intro={t(`registration.intro.${role}`)}>
      <SignUpForm role={role} />
    </AuthCard>
  );
}
