import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import type { SecondFactorStepProps, Session } from '@/lib/auth';
import { errorText, toast } from '@/lib/toast';
import { signInEnrolmentQueryOptions, verifySignInSecondFactor } from '../api/sign-in-second-factor';
import { CodeForm } from './code-form';
import { EnrolmentSetup } from './enrolment-setup';
import { RecoveryCodes } from './recovery-codes';
import styles from './second-factor.module.css';

/** Errors that end the challenge: back to the e-mail and password, with the server's message. */
const RESTART = ['sign_in_challenge_invalid', 'second_factor_not_enrolled'];

/**
 * The sign-in's second step after a 202: the code from the app (or a recovery code), or,
 * for an account that must have one and has none yet, setting the app up, then the
 * recovery codes once. Success goes on as a normal sign-in (`onSignedIn`).
 */
export function SignInSecondFactor({ role, challenge, onSignedIn, onRestart }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState<{ session: Session; codes: string[] } | null>(null);
  const enrol = challenge.second_factor === 'enrol';
  const titleRef = useRef<HTMLHeadingElement>(null);

  // The form the person submitted is gone: the code field takes focus (CodeForm), or else this step's title.
  useEffect(() => {
    if (enrol) titleRef.current?.focus();
  }, [enrol]);

  const verify = async (code: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setAlert(null);
    try {
      const { recovery_codes: codes, ...session } = await verifySignInSecondFactor(role, challenge.challenge, code);
      if (codes && codes.length > 0) setSignedIn({ session, codes });
      else await onSignedIn(session);
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'second_factor_invalid') setError(failure.message);
      else if (isApiError(failure) && RESTART.includes(failure.code)) onRestart(failure.message);
      else if (isApiError(failure) && failure.status === 429) setAlert(failure.message);
      else toast.error(errorText(failure, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };

  if (signedIn) {
    return (
      <RecoveryCodes
        codes={signedIn.codes}
        onDone={() => onSignedIn(signedIn.session)}
        doneLabel={t('secondFactor.codes.continue')}
      />
    );
  }

  const back = (
    <button type="button" className="btn btn-secondary" onClick={() => onRestart()} disabled={busy}>
      {t('auth.backToSignIn')}
    </button>
  );

  return (
    <section className={styles.step} aria-labelledby="second-factor-step-title" data-testid="sign-in-second-factor">
      <h2 id="second-factor-step-title" ref={titleRef} tabIndex={-1}>{enrol ? t('secondFactor.signIn.enrolTitle') : t('secondFactor.signIn.title')}</h2>
      <p>{enrol ? t('secondFactor.signIn.enrolIntro') : t('secondFactor.signIn.intro')}</p>
      {alert && (
        <p role="alert" className={styles.warning}>
          {alert}
        </p>
      )}
      {enrol ? (
        <SignInEnrolment
          {...{ role, challenge, onRestart, busy, error }}
          onSubmit={(code) => void verify(code)}
          back={back}
        />
      ) : (
        <CodeForm
          allowRecovery
          autoFocus
          busy={busy}
          error={error}
          onSubmit={(code) => void verify(code)}
          submitLabel={t('secondFactor.signIn.submit')}
          testId="sign-in-second-factor-form"
        >
          {back}
        </CodeForm>
      )}
    </section>
  );
}

type EnrolmentProps = Pick<SecondFactorStepProps, 'role' | 'challenge' | 'onRestart'> & {
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  back: ReactNode;
};

/** Asks for a new secret for this challenge (once), then shows the set-up. */
function SignInEnrolment({ role, challenge, onRestart, busy, error, onSubmit, back }: EnrolmentProps) {
  const { t } = useTranslation();
  const enrolment = useQuery(signInEnrolmentQueryOptions(role, challenge.challenge));
  const failure = enrolment.error;
  const restart = isApiError(failure) && RESTART.includes(failure.code) ? failure.message : null;
  const restarted = useRef(false);

  useEffect(() => {
    if (!restart || restarted.current) return;
    restarted.current = true;
    onRestart(restart);
  }, [restart, onRestart]);

  if (enrolment.data) {
    return (
      <EnrolmentSetup
        enrolment={enrolment.data}
        busy={busy}
        error={error}
        onSubmit={onSubmit}
        submitLabel={t('secondFactor.setup.submit')}
      >
        {back}
      </EnrolmentSetup>
    );
  }
  if (failure && !restart) {
    return (
      <>
        <p role="alert" className={styles.warning}>
          {errorText(failure, t('errors.network'))}
        </p>
        <div className={styles.buttons}>
          <button type="button" className="btn" onClick={() => void enrolment.refetch()} disabled={enrolment.isFetching}>
            {t('errors.retry')}
          </button>
          {back}
        </div>
      </>
    );
  }
  return <p role="status">{t('common.loading')}</p>;
}
