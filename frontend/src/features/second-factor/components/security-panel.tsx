import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import type { Role } from '@/config/roles';
import { isApiError } from '@/lib/api-error';
import { sessionQueryOptions, type SecondFactorStatus } from '@/lib/auth';
import { errorText, toast } from '@/lib/toast';
import { useSecondFactorCommands } from '../api/second-factor';
import type { Enrolment } from '../api/types';
import { EnrolmentSetup } from './enrolment-setup';
import { RecoveryCodes } from './recovery-codes';
import styles from './second-factor.module.css';

/** Few enough recovery codes left to say so. */
const LOW_RECOVERY_CODES = 2;

const OFF: SecondFactorStatus = { enabled: false, required: false, recovery_codes_left: 0 };

type Stage = { kind: 'status' } | { kind: 'setup'; enrolment: Enrolment } | { kind: 'codes'; codes: string[] };

/**
 * The area's "Security" place: the second factor's state (from the session), turning
 * it on (set-up, then the recovery codes once), new recovery codes, turning it off
 * (not for administrators). Codes and turning off ask for a code again (API client).
 */
export function SecurityPanel({ role }: { role: Role }) {
  const { t } = useTranslation();
  // Always fresh here: the factor may have changed in another tab or on another device.
  const session = useQuery({ ...sessionQueryOptions(role), refetchOnMount: 'always' });
  const commands = useSecondFactorCommands(role);
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  const [codeError, setCodeError] = useState<string | null>(null);
  // The screen changes under the person's button: focus goes to the new part's heading.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const setupRef = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (stage.kind === 'setup' ? setupRef : titleRef).current?.focus();
  }, [stage.kind]);
  const show = (next: Stage) => {
    moveFocus.current = true;
    setStage(next);
  };
  const status = session.data?.second_factor ?? OFF;
  const failed = (error: unknown) => toast.error(errorText(error, t('errors.network')));

  const start = async () => {
    try {
      const enrolment = await commands.start.mutateAsync();
      setCodeError(null);
      show({ kind: 'setup', enrolment });
    } catch (error) {
      failed(error);
      if (isApiError(error) && error.code === 'second_factor_already_enabled') await commands.refresh();
    }
  };

  const enable = async (code: string) => {
    if (commands.enable.isPending) return;
    setCodeError(null);
    try {
      const { recovery_codes } = await commands.enable.mutateAsync(code);
      toast.success(t('secondFactor.security.enabled'));
      setStage({ kind: 'codes', codes: recovery_codes });
    } catch (error) {
      if (isApiError(error) && error.code === 'second_factor_invalid') {
        setCodeError(error.message);
        return;
      }
      failed(error);
      // Already on, or the pending secret is gone: back to the (refetched) status.
      if (isApiError(error) && error.status !== 429 && error.status < 500 && error.status !== 0) {
        show({ kind: 'status' });
      }
    }
  };

  const renew = async () => {
    try {
      const { recovery_codes } = await commands.renew.mutateAsync();
      toast.success(t('secondFactor.security.renewed'));
      setStage({ kind: 'codes', codes: recovery_codes });
    } catch (error) {
      failed(error);
    }
  };

  const disable = async () => {
    try {
      await commands.disable.mutateAsync();
      toast.success(t('secondFactor.security.disabled'));
    } catch (error) {
      failed(error);
    }
  };

  if (stage.kind === 'codes') {
    return (
      <RecoveryCodes
        codes={stage.codes}
        onDone={() => show({ kind: 'status' })}
        doneLabel={t('secondFactor.codes.done')}
      />
    );
  }

  const busy = commands.start.isPending || commands.renew.isPending || commands.disable.isPending;

  return (
    <section className={styles.section} aria-labelledby="second-factor-title" data-testid="security-panel">
      <h2 id="second-factor-title" ref={titleRef} tabIndex={-1}>{t('secondFactor.name')}</h2>
      <p>{t('secondFactor.security.intro')}</p>
      {session.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : stage.kind === 'setup' ? (
        <>
          <h3 ref={setupRef} tabIndex={-1}>
            {t('secondFactor.security.setupTitle')}
          </h3>
          <EnrolmentSetup
            enrolment={stage.enrolment}
            busy={commands.enable.isPending}
            error={codeError}
            onSubmit={(code) => void enable(code)}
            submitLabel={t('secondFactor.setup.submit')}
          >
            <button
              type="button"
              className="btn btn-secondary"
              disabled={commands.enable.isPending}
              onClick={() => show({ kind: 'status' })}
            >
              {t('secondFactor.security.cancel')}
            </button>
          </EnrolmentSetup>
        </>
      ) : (
        <>
          <p data-testid="second-factor-status">
            {t('secondFactor.security.status')}{' '}
            <strong className={status.enabled ? styles.on : styles.off}>
              {status.enabled ? t('secondFactor.security.on') : t('secondFactor.security.off')}
            </strong>
          </p>
          {status.enabled && (
            <p data-testid="recovery-codes-left">
              {t('secondFactor.security.codesLeft', { count: status.recovery_codes_left })}
            </p>
          )}
          {status.enabled && status.recovery_codes_left <= LOW_RECOVERY_CODES && (
            <p className={styles.warning} data-testid="recovery-codes-low">
              {t('secondFactor.security.codesLow')}
            </p>
          )}
          {status.required && <p>{t('secondFactor.security.required')}</p>}
          <div className={styles.buttons}>
            {!status.enabled && (
              <button
                type="button"
                className="btn"
                onClick={() => void start()}
                disabled={busy}
                aria-busy={commands.start.isPending || undefined}
              >
                {commands.start.isPending ? t('common.loading') : t('secondFactor.security.enable')}
              </button>
            )}
            {status.enabled && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void renew()}
                disabled={busy}
                aria-busy={commands.renew.isPending || undefined}
              >
                {t('secondFactor.security.renew')}
              </button>
            )}
            {status.enabled && !status.required && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void disable()}
                disabled={busy}
                aria-busy={commands.disable.isPending || undefined}
              >
                {t('secondFactor.security.disable')}
              </button>
            )}
          </div>
          {status.enabled && <p className={formStyles.hint}>{t('secondFactor.security.renewHint')}</p>}
        </>
      )}
    </section>
  );
}
