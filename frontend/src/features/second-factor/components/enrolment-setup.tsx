import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Enrolment } from '../api/types';
import { CodeForm } from './code-form';
import { copyText, groupSecret, svgDataUrl } from './clipboard';
import styles from './second-factor.module.css';

type Props = {
  enrolment: Enrolment;
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  submitLabel: string;
  /** Cancel or back buttons, next to the submit button. */
  children?: ReactNode;
};

/**
 * Setting up the authenticator app: what to install, the QR code (or the key to type),
 * then the first code, which turns the factor on.
 */
export function EnrolmentSetup({ enrolment, busy, error, onSubmit, submitLabel, children }: Props) {
  const { t } = useTranslation();
  const grouped = groupSecret(enrolment.secret);
  return (
    <div className={styles.step} data-testid="second-factor-enrolment">
      <ol className={styles.instructions}>
        <li>{t('secondFactor.setup.install')}</li>
        <li>{t('secondFactor.setup.scan')}</li>
        <li>{t('secondFactor.setup.type')}</li>
      </ol>
      <div className={styles.setup}>
        <img
          className={styles.qr}
          src={svgDataUrl(enrolment.qr_svg)}
          alt={t('secondFactor.setup.qrAlt')}
          width={200}
          height={200}
          data-testid="second-factor-qr"
        />
        <div className={styles.step}>
          <div>
            <p className={styles.noMargin}>
              {t('secondFactor.setup.secretLabel')}
            </p>
            <div className={styles.secret}>
              <code
                className={styles.secretValue}
                data-testid="second-factor-secret"
                data-secret={enrolment.secret}
              >
                {grouped}
              </code>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => void copyText(enrolment.secret, t('secondFactor.setup.secretCopied'))}
              >
                {t('secondFactor.setup.copySecret')}
              </button>
            </div>
          </div>
          <p>
            <a href={enrolment.otpauth_uri}>{t('secondFactor.setup.openApp')}</a>
          </p>
        </div>
      </div>
      <CodeForm
        busy={busy}
        error={error}
        onSubmit={onSubmit}
        submitLabel={submitLabel}
        testId="second-factor-enrolment-form"
      >
        {children}
      </CodeForm>
    </div>
  );
}
