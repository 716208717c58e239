import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '@/components/form/form.module.css';
import styles from './sign-up.module.css';
import type { OtpCode } from './use-otp-code';

type OtpFieldProps = {
  /** The state from `useOtpCode`. */
  otp: OtpCode;
  /** The field's title: the e-mail input's label, or a plain title over the number. */
  title: ReactNode;
  /** What gets verified, before the button: the e-mail input, or the number as text. */
  children: ReactNode;
  verified: boolean;
  /** Next to "Verified" (the e-mail's "Change" button). */
  afterVerified?: ReactNode;
  /** The first send button's text (later ones say "Resend"). */
  sendLabel: string;
  onSend: () => void;
  /** Under the line, before the proof's error: the e-mail input's own messages. */
  messages?: ReactNode;
  /** Why the form refused to go on without the proof (an alert). */
  proofError?: string;
  proofErrorId?: string;
  codeLabel: string;
  /** Where the code went, under its label. */
  codeHint: string;
  onVerify: () => void;
  /** The form field this verification fills: the control a form focuses when its proof is missing. */
  fieldName?: string;
};

/**
 * The shared part of the e-mail and mobile verifications: send button (then a resend
 * countdown) or the "Verified" status, and once a code went out, its entry and Verify button.
 * Errors about the code show under it (or under the field while no code entry is open).
 */
export function OtpField({
  otp,
  title,
  children,
  verified,
  afterVerified,
  sendLabel,
  onSend,
  messages,
  proofError,
  proofErrorId,
  codeLabel,
  codeHint,
  onVerify,
  fieldName,
}: OtpFieldProps) {
  const { t } = useTranslation();
  const { codeId, codeSent, error, resendIn } = otp;
  const codeOpen = codeSent && !verified;
  const errorId = `${codeId}-error`;
  const codeError = error && (
    <span id={errorId} className={formStyles.error}>
      {error}
    </span>
  );

  return (
    <div className={formStyles.field}>
      {title}
      <div className={styles.inline}>
        {children}
        {verified ? (
          <>
            <span className={styles.verified} role="status">
              <span aria-hidden="true">✓</span> {t('otp.verified')}
            </span>
            {afterVerified}
          </>
        ) : (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={onSend}
            data-field={codeOpen ? undefined : fieldName}
            disabled={otp.sending || (codeSent && resendIn > 0)}
            aria-busy={otp.sending || undefined}
          >
            {!codeSent ? sendLabel : resendIn > 0 ? t('otp.resendIn', { seconds: resendIn }) : t('otp.resend')}
          </button>
        )}
      </div>
      {messages}
      {proofError && (
        <span id={proofErrorId} className={formStyles.error} role="alert">
          {proofError}
        </span>
      )}
      {codeOpen && (
        <div className={styles.code}>
          <label htmlFor={codeId} className={formStyles.label}>
            {codeLabel}
          </label>
          <p id={`${codeId}-hint`} className={formStyles.hint}>
            {codeHint}
          </p>
          <div className={styles.inline}>
            <input
              id={codeId}
              data-field={fieldName}
              value={otp.code}
              onChange={(event) => otp.setCode(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  onVerify();
                }
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${codeId}-hint${error ? ` ${errorId}` : ''}`}
              className={formStyles.input}
            />
            <button type="button" className="btn btn-small" onClick={onVerify} disabled={otp.verifying} aria-busy={otp.verifying || undefined}>
              {t('otp.verify')}
            </button>
          </div>
          {codeError}
        </div>
      )}
      {!codeOpen && codeError}
    </div>
  );
}
