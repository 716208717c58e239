import { useQuery } from '@tanstack/react-query';
import { Form, Formik } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { TextField } from '@/components/form/text-field';
import { useFocusFirstError } from '@/components/form/use-focus-first-error';
import { ActionButton } from '@/components/ui/action-button';
import { isApiError } from '@/lib/api-error';
import { sessionQueryOptions } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { useCountdown } from '@/lib/use-countdown';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatDayIn } from '@/lib/zoned-time';
import { useCancelErasure } from '../api/cancel-erasure';
import { erasureCodeSchema, useRequestErasure, type ErasureCodeValues } from '../api/request-erasure';
import { useRequestErasureCode } from '../api/request-erasure-code';
import type { PrivacyRole } from '../api/types';
import styles from './my-data.module.css';

/** A wrong code answers the sign-up code's rule codes: said on the code field, as at sign-up. */
const CODE_REFUSALS = ['otp_invalid', 'otp_expired', 'otp_attempts_exhausted'];

/** What the server answers when it says nothing (the sign-up code's rules). */
const DEFAULT_RESEND_SECONDS = 60;
const DEFAULT_VALIDITY_SECONDS = 600;

const initialValues: ErasureCodeValues = { code: '' };

type CodeFormProps = {
  email: string;
  validityMinutes: number;
  resendIn: number;
  sending: boolean;
  onResend: () => void;
  /** Sends the request with the typed code; rejects with the server's refusal. */
  onConfirm: (code: string) => Promise<void>;
};

/** The mailed code and the confirmation; a refused code is said on its field, which takes the focus back. */
function CodeForm({ onConfirm, ...fields }: CodeFormProps) {
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={erasureCodeSchema}
      onSubmit={async (values, helpers) => {
        try {
          await onConfirm(erasureCodeSchema.cast(values).code);
        } catch (error) {
          if (isApiError(error) && CODE_REFUSALS.includes(error.code) && !error.fields.code) {
            helpers.setErrors({ code: error.message });
            return;
          }
          // A field error on `code` goes there; anything else (already asked for, the second factor
          // not given, a network failure) is said as an alert.
          applyServerErrors(error, helpers.setErrors, ['code'] as const);
        }
      }}
    >
      {({ isSubmitting }) => <CodeFields {...fields} submitting={isSubmitting} />}
    </Formik>
  );
}

type CodeFieldsProps = Omit<CodeFormProps, 'onConfirm'> & {
  submitting: boolean;
};

function CodeFields({ email, validityMinutes, resendIn, sending, submitting, onResend }: CodeFieldsProps) {
  const { t } = useTranslation();
  const inside = useFocusFirstError<HTMLDivElement>();
  return (
    <Form noValidate data-testid="erasure-code-form">
      <div ref={inside} className={styles.codeInput}>
        <TextField
          name="code"
          label={t('privacy.erasure.codeLabel')}
          hint={t('privacy.erasure.codeHint', { email, count: validityMinutes })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          // Shown on the person's own request (the send button, now gone): the field is where they are.
          autoFocus
        />
      </div>
      <p className={formStyles.hint}>{t('privacy.erasure.confirmHint')}</p>
      <div className={`${formStyles.actions} ${styles.buttons}`}>
        <ActionButton pending={submitting}>{t('privacy.erasure.confirm')}</ActionButton>
        <ActionButton
          type="button"
          className="btn btn-secondary"
          pending={sending}
          disabled={resendIn > 0 || submitting}
          onClick={onResend}
        >
          {resendIn > 0 ? t('privacy.erasure.resendIn', { seconds: resendIn }) : t('privacy.erasure.resend')}
        </ActionButton>
      </div>
    </Form>
  );
}

/**
 * « Supprimer mon compte » (issue 14, GDPR art. 17): what goes and what stays, then a code mailed to the
 * account's address confirms the request (and the second factor, when the account has one: the API client
 * asks for it). The account goes 14 days later; until then the date is shown with « Annuler la suppression ».
 * The pending date is the session's `erasure_due_at` (the area's banner shows it too).
 */
export function ErasureSection({ role }: { role: PrivacyRole }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  // Always fresh here: the erasure may have been asked for or cancelled in another tab or on another device.
  const session = useQuery({ ...sessionQueryOptions(role), refetchOnMount: 'always' });
  const zone = useViewerZone(role);
  const sendCode = useRequestErasureCode(role);
  const request = useRequestErasure(role);
  const cancel = useCancelErasure(role);
  const countdown = useCountdown();
  // Once a code went out: how long it is valid.
  const [validity, setValidity] = useState<number | null>(null);
  const due = session.data?.erasure_due_at ?? null;
  const email = session.data?.email ?? '';

  // The part under the person's button changes: focus goes to the date once asked for, to the title once cancelled.
  const dueRef = useRef<HTMLParagraphElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (due ? dueRef : titleRef).current?.focus();
  }, [due]);

  const send = async () => {
    try {
      const answer = await sendCode.mutateAsync();
      countdown.start(answer?.resend_after_seconds ?? DEFAULT_RESEND_SECONDS);
      setValidity(Math.max(1, Math.round((answer?.expires_in_seconds ?? DEFAULT_VALIDITY_SECONDS) / 60)));
    } catch {
      // Said by the mutation (alert); a pending erasure found meanwhile shows once the session is read again.
    }
  };

  // Set before the request: its answer changes the session (and so the part shown) before the call returns.
  const confirm = async (code: string) => {
    moveFocus.current = true;
    try {
      await request.mutateAsync(code);
      setValidity(null);
    } catch (error) {
      moveFocus.current = false;
      throw error;
    }
  };

  const cancelErasure = async () => {
    moveFocus.current = true;
    try {
      await cancel.mutateAsync();
    } catch {
      // Said by the mutation (alert).
      moveFocus.current = false;
    }
  };

  const kept = role === 'client' ? 'bookingsClient' : 'bookingsConsultant';
  const deleted =
    role === 'client'
      ? (['profile', 'health', 'files', 'signIn'] as const)
      : (['profile', 'expertProfile', 'files', 'signIn'] as const);

  return (
    <section className={`card ${styles.section}`} aria-labelledby={titleId} data-testid="erasure-section">
      <h2 id={titleId} ref={titleRef} tabIndex={-1}>
        {t('privacy.erasure.title')}
      </h2>
      <p>{t('privacy.erasure.intro')}</p>
      <div>
        <h3>{t('privacy.erasure.deletedTitle')}</h3>
        <ul>
          {deleted.map((item) => (
            <li key={item}>{t(`privacy.erasure.deleted.${item}`)}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3>{t('privacy.erasure.keptTitle')}</h3>
        <ul>
          <li>{t('privacy.erasure.kept.invoices')}</li>
          <li>{t(`privacy.erasure.kept.${kept}`)}</li>
        </ul>
      </div>
      <p>{t(role === 'client' ? 'privacy.erasure.upcomingClient' : 'privacy.erasure.upcomingConsultant')}</p>
      <div className={styles.action}>
        {session.isPending ? (
          <p role="status">{t('common.loading')}</p>
        ) : due ? (
          <>
            <p ref={dueRef} tabIndex={-1} className={styles.due} data-testid="erasure-due">
              {t('privacy.erasure.pending', { date: formatDayIn(due, zone, i18n.language) })}
            </p>
            <p>{t('privacy.erasure.pendingHint')}</p>
            <ActionButton
              type="button"
              className="btn btn-secondary"
              pending={cancel.isPending}
              onClick={() => void cancelErasure()}
            >
              {t('privacy.erasure.cancel')}
            </ActionButton>
          </>
        ) : validity !== null ? (
          <CodeForm
            email={email}
            validityMinutes={validity}
            resendIn={countdown.remaining}
            sending={sendCode.isPending}
            onResend={() => void send()}
            onConfirm={confirm}
          />
        ) : (
          <>
            <p>{t('privacy.erasure.sendHint', { email })}</p>
            {/* After a cancellation, a new code waits for the last one's resend delay. */}
            <ActionButton
              type="button"
              pending={sendCode.isPending}
              disabled={countdown.remaining > 0}
              onClick={() => void send()}
            >
              {countdown.remaining > 0
                ? t('privacy.erasure.sendIn', { seconds: countdown.remaining })
                : t('privacy.erasure.send')}
            </ActionButton>
          </>
        )}
      </div>
    </section>
  );
}
