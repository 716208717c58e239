import { useField, useFormikContext } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { FieldMessages } from '@/components/form/field-messages';
import formStyles from '@/components/form/form.module.css';
import { useErrorText, useFieldA11y } from '@/components/form/use-field-a11y';
import type { SignUpRole } from '@/config/roles';
import { i18n } from '@/lib/i18n';
import { errorText, toast } from '@/lib/toast';
import { useRequestEmailOtp } from '../api/request-email-otp';
import { otpCodeSchema, useVerifyEmailOtp } from '../api/verify-email-otp';
import type { SignUpValues } from '../api/sign-up';
import styles from './sign-up.module.css';
import { useCountdown } from './use-countdown';

const emailSchema = yup.string().trim().required('validation.required').email('validation.email');
const failure = (error: unknown) => errorText(error, i18n.t('errors.network'));

/** E-mail with Send code → code → Verify → Verified; keeps the proof in `email_proof`. */
export function EmailOtpField({ role }: { role: SignUpRole }) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const translate = useErrorText();
  const { submitCount, setFieldError, setFieldTouched } = useFormikContext<SignUpValues>();
  const [emailField, emailMeta] = useField<string>('email');
  const [, proofMeta, proofHelpers] = useField<string>('email_proof');
  const a11y = useFieldA11y(emailMeta);
  const codeId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const requestOtp = useRequestEmailOtp();
  const verifyOtp = useVerifyEmailOtp();
  const verified = proofMeta.value !== '';
  const email = emailField.value.trim();
  const proofError = submitCount > 0 && !verified && proofMeta.error ? translate(proofMeta.error) : undefined;
  const proofErrorId = `${a11y.id}-otp-error`;

  const send = async () => {
    try {
      await emailSchema.validate(email);
    } catch (error) {
      await setFieldTouched('email', true, false);
      setFieldError('email', error instanceof yup.ValidationError ? error.message : 'validation.email');
      return;
    }
    try {
      const answer = await requestOtp.mutateAsync({ email, role });
      setSentTo(email);
      setCode('');
      setCodeError(null);
      countdown.start(answer?.resend_after_seconds ?? 60);
      toast.info(t('otp.sent', { email }));
    } catch (error) {
      setFieldError('email', failure(error));
    }
  };

  const verify = async () => {
    if (!sentTo) return;
    try {
      await otpCodeSchema.validate(code.trim());
    } catch (error) {
      setCodeError(translate(error instanceof yup.ValidationError ? error.message : 'validation.otpFormat'));
      return;
    }
    try {
      const { proof } = await verifyOtp.mutateAsync({ email: sentTo, role, code: code.trim() });
      setCodeError(null);
      await proofHelpers.setValue(proof);
      toast.success(t('otp.verifiedToast'));
    } catch (error) {
      setCodeError(failure(error));
    }
  };

  const change = () => {
    void proofHelpers.setValue('');
    setSentTo(null);
    setCode('');
  };

  const describedBy = [a11y.controlProps['aria-describedby'], proofError ? proofErrorId : undefined]
    .filter(Boolean)
    .join(' ') || undefined;

  return (
    <div className={formStyles.field}>
      <label htmlFor={a11y.id} className={formStyles.label}>
        {t('fields.email')}
        <span className={formStyles.required} aria-hidden="true">*</span>
      </label>
      <div className={styles.inline}>
        <input
          {...emailField}
          onChange={(event) => {
            emailField.onChange(event);
            if (sentTo && event.target.value.trim() !== sentTo) setSentTo(null);
          }}
          id={a11y.id}
          type="email"
          autoComplete="email"
          required
          readOnly={verified}
          aria-invalid={a11y.error || proofError ? true : undefined}
          aria-describedby={describedBy}
          className={formStyles.input}
        />
        {verified ? (
          <>
            <span className={styles.verified} role="status">
              <span aria-hidden="true">✓</span> {t('otp.verified')}
            </span>
            <button type="button" className="btn-link" onClick={change}>
              {t('otp.change')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void send()}
            disabled={requestOtp.isPending || (sentTo !== null && countdown.remaining > 0)}
          >
            {sentTo === null
              ? t('otp.send')
              : countdown.remaining > 0
                ? t('otp.resendIn', { seconds: countdown.remaining })
                : t('otp.resend')}
          </button>
        )}
      </div>
      <FieldMessages error={a11y.error} errorId={a11y.errorId} />
      {proofError && (
        <span id={proofErrorId} className={formStyles.error} role="alert">
          {proofError}
        </span>
      )}
      {sentTo !== null && !verified && (
        <div className={styles.code}>
          <label htmlFor={codeId} className={formStyles.label}>
            {t('otp.codeLabel')}
          </label>
          <p id={`${codeId}-hint`} className={formStyles.hint}>
            {t('otp.sentTo', { email: sentTo })}
          </p>
          <div className={styles.inline}>
            <input
              id={codeId}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void verify();
                }
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={`${codeId}-hint${codeError ? ` ${codeId}-error` : ''}`}
              className={formStyles.input}
            />
            <button
              type="button"
              className="btn btn-small"
              onClick={() => void verify()}
              disabled={verifyOtp.isPending}
            >
              {t('otp.verify')}
            </button>
          </div>
          {codeError && (
            <span id={`${codeId}-error`} className={formStyles.error}>
              {codeError}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
