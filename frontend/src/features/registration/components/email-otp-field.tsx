import { useField, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '@/components/form/field-messages';
import formStyles from '@/components/form/form.module.css';
import { useErrorText, useFieldA11y } from '@/components/form/use-field-a11y';
import type { SignUpRole } from '@/config/roles';
import { useRequestEmailOtp } from '../api/request-email-otp';
import { useVerifyEmailOtp } from '../api/verify-email-otp';
import type { SignUpValues } from '../api/sign-up';
import { OtpField } from './otp-field';
import { loadSignUpSchema } from './sign-up-schema-chunk';
import { useOtpCode } from './use-otp-code';

/** E-mail with Send code → code → Verify → Verified; keeps the proof in `email_proof`. */
export function EmailOtpField({ role }: { role: SignUpRole }) {
  const { t } = useTranslation();
  const translate = useErrorText();
  const { submitCount, setFieldError, setFieldTouched } = useFormikContext<SignUpValues>();
  const [emailField, emailMeta] = useField<string>('email');
  const [, proofMeta, proofHelpers] = useField<string>('email_proof');
  const a11y = useFieldA11y(emailMeta);
  const requestOtp = useRequestEmailOtp();
  const verifyOtp = useVerifyEmailOtp();
  const email = emailField.value.trim();
  const otp = useOtpCode(email);
  const verified = proofMeta.value !== '';
  const proofError = (submitCount > 0 || proofMeta.touched) && !verified && proofMeta.error ? translate(proofMeta.error) : undefined;
  const proofErrorId = `${a11y.id}-otp-error`;

  const send = async () => {
    const { emailSchema, isValidationError } = await loadSignUpSchema();
    try {
      await emailSchema.validate(email);
    } catch (error) {
      await setFieldTouched('email', true, false);
      setFieldError('email', isValidationError(error) ? error.message : 'validation.email');
      return;
    }
    await otp.send(
      () => requestOtp.mutateAsync({ email, role }),
      t('otp.sent', { email }),
      (message) => setFieldError('email', message),
    );
  };

  const verify = () =>
    otp.verify(
      (code) => verifyOtp.mutateAsync({ email, role, code }),
      (proof) => proofHelpers.setValue(proof),
      t('otp.verifiedToast'),
    );

  const change = () => {
    void proofHelpers.setValue('');
    otp.forget();
  };

  const describedBy = [a11y.controlProps['aria-describedby'], proofError ? proofErrorId : undefined]
    .filter(Boolean)
    .join(' ') || undefined;

  return (
    <OtpField
      otp={otp}
      title={
        <label htmlFor={a11y.id} className={formStyles.label}>
          {t('fields.email')}
          <span className={formStyles.required} aria-hidden="true">*</span>
        </label>
      }
      verified={verified}
      afterVerified={
        <button type="button" className="btn-link" onClick={change}>
          {t('otp.change')}
        </button>
      }
      sendLabel={t('otp.send')}
      onSend={() => void send()}
      messages={<FieldMessages error={a11y.error} errorId={a11y.errorId} />}
      proofError={proofError}
      proofErrorId={proofErrorId}
      codeLabel={t('otp.codeLabel')}
      codeHint={t('otp.sentTo', { email: otp.sentTo })}
      onVerify={() => void verify()}
    >
      <input
        {...emailField}
        onChange={(event) => {
          emailField.onChange(event);
          if (otp.sentTo !== null && event.target.value.trim() !== otp.sentTo) otp.forget();
        }}
        id={a11y.id}
        data-field="email_proof"
        type="email"
        autoComplete="email"
        required
        readOnly={verified}
        aria-invalid={a11y.error || proofError ? true : undefined}
        aria-describedby={describedBy}
        className={formStyles.input}
      />
    </OtpField>
  );
}
