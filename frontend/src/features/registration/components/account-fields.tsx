import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/form/checkbox-field';
import { formStyles } from '@/components/form/form-styles';
import { TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import type { SignUpRole } from '@/config/roles';
import { PASSWORD_MIN } from '@/config/validation';
import { EmailOtpField } from './email-otp-field';
import styles from './sign-up.module.css';

/** E-mail (verified by code), password, and the two consents. */
export function AccountFields({ role }: { role: SignUpRole }) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="signup-account">
      <h2 id="signup-account">{t('registration.sections.account')}</h2>
      <EmailOtpField role={role} />
      <div className={formStyles.row}>
        <TextField
          name="password"
          type="password"
          label={t('fields.password')}
          hint={t('fields.passwordHint', { min: PASSWORD_MIN })}
          autoComplete="new-password"
          required
        />
        <TextField
          name="password_confirmation"
          type="password"
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          required
        />
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
    </section>
  );
}
