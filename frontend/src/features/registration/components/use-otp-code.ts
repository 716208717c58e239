import { useId, useState } from 'react';
import { useErrorText } from '@/components/form/use-field-a11y';
import { i18n } from '@/lib/i18n';
import { errorText, toast } from '@/lib/toast';
import { loadSignUpSchema } from './sign-up-schema-chunk';
import { useCountdown } from '@/lib/use-countdown';

const failure = (error: unknown) => errorText(error, i18n.t('errors.network'));

/** What a "send a code" call answers: when a new code may be asked for. */
export type OtpRequestAnswer = { resend_after_seconds: number } | undefined;

/** The state of a one-time code verification, shared by the e-mail and mobile fields (rendered by `OtpField`). */
export type OtpCode = ReturnType<typeof useOtpCode>;

/**
 * Send code → type the code → Verify, for one address or number (`target`, as shown):
 * the code entry is open while the last code went to the current `target`; the resend
 * button waits for the server's delay. What to call and where the proof goes is the caller's.
 */
export const useOtpCode = (target: string | null) => {
  const countdown = useCountdown();
  const translate = useErrorText();
  const codeId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const codeSent = target !== null && sentTo === target;

  /**
   * Asks for a code for `target`; on success opens the code entry, starts the resend delay and
   * says `sentMessage`. A failure shows under the code, or goes to `onError` when given.
   */
  const send = async (
    request: () => Promise<OtpRequestAnswer>,
    sentMessage: string,
    onError: (message: string) => void = setError,
  ) => {
    if (target === null) return;
    setSending(true);
    try {
      const answer = await request();
      setSentTo(target);
      setCode('');
      setError(null);
      countdown.start(answer?.resend_after_seconds ?? 60);
      toast.info(sentMessage);
    } catch (failed) {
      onError(failure(failed));
    } finally {
      setSending(false);
    }
  };

  /**
   * Checks the typed code's format, then `check`s it with the server and hands the proof to
   * `keep`; says `verifiedMessage` once kept. Failures show under the code.
   */
  const verify = async (
    check: (code: string) => Promise<{ proof: string }>,
    keep: (proof: string) => Promise<unknown> | void,
    verifiedMessage: string,
  ) => {
    if (!codeSent) return;
    const typed = code.trim();
    const { otpCodeSchema, isValidationError } = await loadSignUpSchema();
    try {
      await otpCodeSchema.validate(typed);
    } catch (invalid) {
      setError(translate(isValidationError(invalid) ? invalid.message : 'validation.otpFormat'));
      return;
    }
    setVerifying(true);
    try {
      const { proof } = await check(typed);
      setError(null);
      await keep(proof);
      toast.success(verifiedMessage);
    } catch (failed) {
      setError(failure(failed));
    } finally {
      setVerifying(false);
    }
  };

  /** Forgets the code sent (another address is being typed, or the verified one is to be changed). */
  const forget = () => {
    setSentTo(null);
    setCode('');
    setError(null);
  };

  return {
    /** The code input's id; `${codeId}-hint` and `${codeId}-error` describe it. */
    codeId,
    /** Where the last code went, as shown. */
    sentTo,
    codeSent,
    code,
    setCode,
    error,
    sending,
    verifying,
    /** Seconds before another code may be asked for. */
    resendIn: countdown.remaining,
    send,
    verify,
    forget,
  };
};
