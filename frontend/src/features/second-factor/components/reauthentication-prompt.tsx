import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadSecondFactorTexts } from '@/lib/i18n';
import {
  registerSecondFactorPrompt,
  type SecondFactorOutcome,
  type SecondFactorRetry,
} from '@/lib/second-factor-prompt';

// The dialog (and its texts' form) loads only when a request first asks for a code.
const ReauthenticationDialog = lazy(() =>
  Promise.all([import('./reauthentication-dialog'), loadSecondFactorTexts()]).then(([m]) => ({
    default: m.ReauthenticationDialog,
  })),
);

type Pending = {
  id: number;
  retry: SecondFactorRetry<unknown>;
  resolve: (outcome: SecondFactorOutcome<unknown>) => void;
  /** Where focus was when the request was made (its button): focus goes back there after. */
  opener: HTMLElement | null;
};

const DIALOG = '[data-testid="reauthentication-dialog"]';

/** Focus back on `element` once it can take it (its button is re-enabled when the request settles). */
const restoreFocus = (element: HTMLElement | null) => {
  if (!element) return;
  let tries = 0;
  const attempt = () => {
    if (!element.isConnected) return;
    if ((element as HTMLButtonElement).disabled) {
      if (++tries < 40) setTimeout(attempt, 25);
      return;
    }
    element.focus();
  };
  setTimeout(attempt, 0);
};

/**
 * Mounted once with the app's providers: answers the API client's re-authentication
 * prompts (403 `reauthentication_required`) with a dialog, one request at a time.
 */
export function ReauthenticationPrompt() {
  const [queue, setQueue] = useState<Pending[]>([]);
  const lastFocused = useRef<HTMLElement | null>(null);

  useEffect(() => {
    let nextId = 1;
    const pending = new Set<Pending>();
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest(DIALOG)) lastFocused.current = target;
    };
    document.addEventListener('focusin', onFocusIn);
    const unregister = registerSecondFactorPrompt(
      <T,>(retry: SecondFactorRetry<T>) =>
        new Promise<SecondFactorOutcome<T>>((resolve) => {
          const active = document.activeElement;
          const entry: Pending = {
            id: nextId++,
            retry,
            resolve: (outcome) => {
              pending.delete(entry);
              resolve(outcome as SecondFactorOutcome<T>);
            },
            opener: active instanceof HTMLElement && active !== document.body ? active : lastFocused.current,
          };
          pending.add(entry);
          setQueue((list) => [...list, entry]);
        }),
    );
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      unregister();
      pending.forEach((entry) => entry.resolve({ status: 'cancelled' }));
    };
  }, []);

  const current = queue[0];
  if (!current) return null;

  const settle = (outcome: SecondFactorOutcome<unknown>) => {
    setQueue((list) => list.filter((entry) => entry !== current));
    current.resolve(outcome);
    restoreFocus(current.opener);
  };

  return (
    <Suspense fallback={null}>
      <ReauthenticationDialog key={current.id} retry={current.retry} onSettled={settle} />
    </Suspense>
  );
}
