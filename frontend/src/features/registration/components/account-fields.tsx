import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/form/checkbox-field';
import { formStyles } from '@/components/form/form-styles';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { paths } from '@/config/paths';
import type { SignUpRole } from '@/config/roles';
import { EmailOtpField } from './email-otp-field';

/** E-mail (verified by code), password, and the two consents: the last step. */
export function AccountFields({ role }: { role: SignUpRole }) {
  const { t } = useTranslation();
  return (
    <>
      <EmailOtpField role={role} />
      <div className={formStyles.row}>
        <NewPasswordFields name="password" confirmationName="password_confirmation" labelKey="fields.password" />
      </div>
      <CheckboxField name="accept_terms" required label={t('registration.acceptTerms')}>
        <Link to={paths.termsConditions.getHref()} target="_blank">
          {t('registration.readTerms')}
          <span className="visually-hidden"> {t('common.newWindow')}</span>
        </Link>
      </CheckboxField>
      <CheckboxField name="accept_privacy" required label={t('registration.acceptPrivacy')}>
        <Link to={paths.privacyPolicy.getHref()} target="_blank">
          {t('registration.readPrivacy')}
          <span className="visually-hidden"> {t('common.newWindow')}</span>
        </Link>
      </CheckboxField>
    </>
  );
}
