import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import fieldStyles from '@/components/form/form.module.css';
import styles from './second-factor.module.css';

type Mode = 'app' | 'recovery';

type Props = {
  /** Offer "use a recovery code" (sign-in, re-authentication; not when setting the app up). */
  allowRecovery?: boolean;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal of the last code (already translated); cleared by the parent before each try. */
  error: string | null;
  onSubmit: (code: string) => void;
  /** Moves focus to the field when shown (a step or dialog of its own). */
  autoFocus?: boolean;
  /** Other buttons next to the submit button (cancel, back). */
  children?: ReactNode;
  testId?: string;
};

const APP_CODE = /^\d{6}$/;
// `xxxxx-xxxxx`; case, dashes and spaces are ignored by the server. Header-safe characters only.
const RECOVERY_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{3,30}$/;

/**
 * The code entry shared by the sign-in step, the set-up and the re-authentication dialog:
 * a 6-digit code from the authenticator app, or (when allowed) a recovery code.
 * Errors are announced and tied to the field.
 */
export function CodeForm({ allowRecovery, submitLabel, busy, error, onSubmit, autoFocus, children, testId }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>('app');
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = localError ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  // A refused code: back to the field, selected, ready to be typed again.
  useEffect(() => {
    if (!error) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [error]);

  const switchMode = () => {
    setMode((value) => (value === 'app' ? 'recovery' : 'app'));
    setCode('');
    setLocalError(null);
    inputRef.current?.focus();
  };

  const submit = () => {
    if (busy) return;
    const value = mode === 'app' ? code.replace(/\s/g, '') : code.trim();
    const valid = mode === 'app' ? APP_CODE.test(value) : RECOVERY_CODE.test(value);
    if (!valid) {
      setLocalError(t(mode === 'app' ? 'secondFactor.code.invalidApp' : 'secondFactor.code.invalidRecovery'));
      inputRef.current?.focus();
      return;
    }
    setLocalError(null);
    onSubmit(value);
  };

  return (
    <form
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className={fieldStyles.field}>
        <label htmlFor={id} className={fieldStyles.label}>
          {mode === 'app' ? t('secondFactor.code.appLabel') : t('secondFactor.code.recoveryLabel')}
        </label>
        <span id={hintId} className={fieldStyles.hint}>
          {mode === 'app' ? t('secondFactor.code.appHint') : t('secondFactor.code.recoveryHint')}
        </span>
        <input
          ref={inputRef}
          id={id}
          name="code"
          data-testid="second-factor-code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (localError) setLocalError(null);
          }}
          type="text"
          inputMode={mode === 'app' ? 'numeric' : 'text'}
          autoComplete={mode === 'app' ? 'one-time-code' : 'off'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={mode === 'app' ? 7 : 32}
          required
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${hintId} ${errorId}` : hintId}
          className={`${fieldStyles.input} ${styles.codeInput}`}
        />
        {shown && (
          <span id={errorId} role="alert" className={fieldStyles.error}>
            {shown}
          </span>
        )}
      </div>
      {allowRecovery && (
        <p className={styles.toggle}>
          <button type="button" className="btn-link" onClick={switchMode} data-testid="second-factor-mode">
            {mode === 'app' ? t('secondFactor.code.useRecovery') : t('secondFactor.code.useApp')}
          </button>
        </p>
      )}
      <div className={fieldStyles.actions}>
        <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('secondFactor.code.checking') : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
