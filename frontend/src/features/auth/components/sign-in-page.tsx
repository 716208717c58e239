import { lazy, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/components/ui/auth-card';
import type { Role } from '@/config/roles';
import type { SecondFactorStepProps } from '@/lib/auth';
import { redirectsToBooking } from '@/lib/redirect-url';

const SignInForm = lazy(() => import('./sign-in-form').then((m) => ({ default: m.SignInForm })));

type Props = { role: Role; secondFactorStep?: ComponentType<SecondFactorStepProps> };

/**
 * The page shows its title at once; the form code follows (and the second step, when asked for).
 * A client sent here by a booking page is told that the chosen slot waits after signing in.
 */
export function SignInPage({ role, secondFactorStep }: Props) {
  const { t } = useTranslation();
  const [forBooking] = useState(() => role === 'client' && redirectsToBooking());
  return (
    <AuthCard
      title={t('auth.signIn.title', { area: t(`roles.${role}`) })}
      intro={forBooking ? t('auth.signIn.forBooking') : undefined}
    >
      <SignInForm role={role} secondFactorStep={secondFactorStep} />
    </AuthCard>
  );
}
