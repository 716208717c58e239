import { lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/components/ui/auth-card';
import type { Role } from '@/config/roles';
import type { SecondFactorStepProps } from '@/lib/auth';

const SignInForm = lazy(() => import('./sign-in-form').then((m) => ({ default: m.SignInForm })));

type Props = { role: Role; secondFactorStep?: ComponentType<SecondFactorStepProps> };

/** The page shows its title at once; the form code follows (and the second step, when asked for). */
export function SignInPage({ role, secondFactorStep }: Props) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.signIn.title', { area: t(`roles.${role}`) })}>
      <SignInForm role={role} secondFactorStep={secondFactorStep} />
    </AuthCard>
  );
}
