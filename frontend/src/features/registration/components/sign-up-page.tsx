import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '@/components/ui/auth-card';
import type { SignUpRole } from '@/config/roles';
import { redirectsToBooking } from '@/lib/redirect-url';
import { useRegistrationOptions } from '../api/get-registration-options';

const SignUpForm = lazy(() => import('./sign-up-form').then((m) => ({ default: m.SignUpForm })));

/**
 * Title at once; the options request starts while the form code loads. A client who came
 * from a booking page is told that signing in afterwards brings back the chosen slot.
 */
export function SignUpPage({ role }: { role: SignUpRole }) {
  const { t } = useTranslation();
  useRegistrationOptions();
  const [forBooking] = useState(() => role === 'client' && redirectsToBooking());
  const intro = t(`registration.intro.${role}`);
  return (
    <AuthCard
      wide
      title={t('registration.title', { area: t(`roles.${role}`) })}
      intro={forBooking ? `${intro} ${t('registration.forBooking')}` : intro}
    >
      <SignUpForm role={role} />
    </AuthCard>
  );
}
