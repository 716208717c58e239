import { useField, useFormikContext } from 'formik';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import formStyles from '@/components/form/form.module.css';
import { useErrorText } from '@/components/form/use-field-a11y';
import type { SignUpRole } from '@/config/roles';
import { i18n } from '@/lib/i18n';
import { errorText, toast } from '@/lib/toast';
import { useRequestMobileOtp } from '../api/request-mobile-otp';
import { useVerifyMobileOtp } from '../api/verify-mobile-otp';
import { otpCodeSchema } from '../api/verify-email-otp';
import { mobileToVerify, type SignUpValues } from '../api/sign-up';
import styles from './sign-up.module.css';
import { useCountdown } from './use-countdown';

const failure = (error: unknown) => errorText(error, i18n.t('errors.network'));
const shown = (number: { isd_code: string; contact_number: string }) =>
  number.contact_number.startsWith('+') ? number.contact_number : `${number.isd_code} ${number.contact_number}`;

/**
 * When texts or WhatsApp are the preferred contact: Send code → code → Verify → Verified
 * for that number (the contact number, or the WhatsApp number); keeps the proof in `mobile_proof`.
 */
export function MobileOtpField({ role }: { role: SignUpRole }) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const translate = useErrorText();
  const { values, submitCount, setFieldError, setFieldTouched } = useFormikContext<SignUpValues>();
  const [, proofMeta, proofHelpers] = useField<string>('mobile_proof');
  const codeId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [verifiedFor, setVerifiedFor] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const requestOtp = useRequestMobileOtp();
  const verifyOtp = useVerifyMobileOtp();
  const number = mobileToVerify(values);
  const numberKey = number ? shown(number) : null;
  const verified = proofMeta.value !== '' && verifiedFor === numberKey;
  const proofError = submitCount > 0 && !verified && proofMeta.error ? translate(proofMeta.error) : undefined;
  const { setValue: setProof } = proofHelpers;

  // Another number (or contact method) than the verified one: verify again.
  useEffect(() => {
    if (proofMeta.value !== '' && verifiedFor !== numberKey) void setProof('');
  }, [numberKey, verifiedFor, proofMeta.value, setProof]);

  if (!number || !numberKey) return null;
  const numberField = values.preferred_contact === 'whatsapp' ? 'whatsapp_number' : 'contact_number';

  const send = async () => {
    if (!number.contact_number.trim()) {
      await setFieldTouched(numberField, true, false);
      setFieldError(numberField, 'validation.required');
      return;
    }
    try {
      const answer = await requestOtp.mutateAsync({ role, ...number });
      setSentTo(numberKey);
      setCode('');
      setCodeError(null);
      countdown.start(answer?.resend_after_seconds ?? 60);
      toast.info(t('mobileOtp.sent', { number: numberKey }));
    } catch (error) {
      setCodeError(failure(error));
    }
  };

  const verify = async () => {
    if (sentTo !== numberKey) return;
    try {
      await otpCodeSchema.validate(code.trim());
    } catch (error) {
      setCodeError(translate(error instanceof yup.ValidationError ? error.message : 'validation.otpFormat'));
      return;
    }
    try {
      const { proof } = await verifyOtp.mutateAsync({ role, ...number, code: code.trim() });
      setCodeError(null);
      setVerifiedFor(numberKey);
      await setProof(proof);
      toast.success(t('mobileOtp.verifiedToast'));
    } catch (error) {
      setCodeError(failure(error));
    }
  };

  const codeSent = sentTo === numberKey;
  return (
    <div className={formStyles.field}>
      <span className={formStyles.label} id={`${codeId}-title`}>
        {t('mobileOtp.title')}
      </span>
      <div className={styles.inline}>
        <span>{numberKey}</span>
        {verified ? (
          <span className={styles.verified} role="status">
            <span aria-hidden="true">✓</span> {t('otp.verified')}
          </span>
        ) : (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void send()}
            disabled={requestOtp.isPending || (codeSent && countdown.remaining > 0)}
          >
            {!codeSent
              ? t('mobileOtp.send')
              : countdown.remaining > 0
                ? t('otp.resendIn', { seconds: countdown.remaining })
                : t('otp.resend')}
          </button>
        )}
      </div>
      {proofError && (
        <span className={formStyles.error} role="alert">
          {proofError}
        </span>
      )}
      {codeSent && !verified && (
        <div className={styles.code}>
          <label htmlFor={codeId} className={formStyles.label}>
            {t('mobileOtp.codeLabel')}
          </label>
          <p id={`${codeId}-hint`} className={formStyles.hint}>
            {t('mobileOtp.sentTo', { number: numberKey })}
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
        </div>
      )}
      {codeError && (
        <span id={`${codeId}-error`} className={formStyles.error}>
          {codeError}
        </span>
      )}
    </div>
  );
}
