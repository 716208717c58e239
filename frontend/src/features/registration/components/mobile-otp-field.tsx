import { useField, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '@/components/form/form.module.css';
import { useErrorText } from '@/components/form/use-field-a11y';
import type { SignUpRole } from '@/config/roles';
import { useRequestMobileOtp } from '../api/request-mobile-otp';
import { useVerifyMobileOtp } from '../api/verify-mobile-otp';
import { mobileToVerify, type SignUpValues } from '../api/sign-up';
import { OtpField } from './otp-field';
import { useOtpCode } from './use-otp-code';

const shown = (number: { isd_code: string; contact_number: string }) =>
  number.contact_number.startsWith('+') ? number.contact_number : `${number.isd_code} ${number.contact_number}`;

/**
 * When texts or WhatsApp are the preferred contact: Send code → code → Verify → Verified
 * for that number (the contact number, or the WhatsApp number); keeps the proof in `mobile_proof`.
 */
export function MobileOtpField({ role }: { role: SignUpRole }) {
  const { t } = useTranslation();
  const translate = useErrorText();
  const { values, submitCount, setFieldError, setFieldTouched } = useFormikContext<SignUpValues>();
  const [, proofMeta, proofHelpers] = useField<string>('mobile_proof');
  const [verifiedFor, setVerifiedFor] = useState<string | null>(null);
  const requestOtp = useRequestMobileOtp();
  const verifyOtp = useVerifyMobileOtp();
  const number = mobileToVerify(values);
  const numberKey = number ? shown(number) : null;
  const otp = useOtpCode(numberKey);
  const verified = proofMeta.value !== '' && verifiedFor === numberKey;
  const proofError = (submitCount > 0 || proofMeta.touched) && !verified && proofMeta.error ? translate(proofMeta.error) : undefined;
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
    await otp.send(() => requestOtp.mutateAsync({ role, ...number }), t('mobileOtp.sent', { number: numberKey }));
  };

  const verify = () =>
    otp.verify(
      (code) => verifyOtp.mutateAsync({ role, ...number, code }),
      (proof) => {
        setVerifiedFor(numberKey);
        return setProof(proof);
      },
      t('mobileOtp.verifiedToast'),
    );

  return (
    <OtpField
      otp={otp}
      title={
        <span className={formStyles.label} id={`${otp.codeId}-title`}>
          {t('mobileOtp.title')}
        </span>
      }
      verified={verified}
      sendLabel={t('mobileOtp.send')}
      onSend={() => void send()}
      proofError={proofError}
      codeLabel={t('mobileOtp.codeLabel')}
      codeHint={t('mobileOtp.sentTo', { number: numberKey })}
      onVerify={() => void verify()}
      fieldName="mobile_proof"
    >
      <span>{numberKey}</span>
    </OtpField>
  );
}
