import type { ApiError } from './api-error';

/**
 * Re-authentication (docs/api.md "Second factor"): the most sensitive requests answer
 * 403 `reauthentication_required` until they carry a current code in this header.
 */
export const SECOND_FACTOR_HEADER = 'X-Second-Factor';

export const isReauthenticationRequired = (error: ApiError) =>
  error.status === 403 && error.code === 'reauthentication_required';

/** Sends the refused request again with `code` in `X-Second-Factor`; rejects with its ApiError. */
export type SecondFactorRetry<T> = (code: string) => Promise<T>;

/** How a prompt ended: the request went through, the person cancelled, or the retry failed otherwise. */
export type SecondFactorOutcome<T> =
  | { status: 'done'; value: T }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown };

/** Asks the person for a code and retries with it until it is accepted, cancelled or refused otherwise. */
export type SecondFactorPrompt = <T>(retry: SecondFactorRetry<T>) => Promise<SecondFactorOutcome<T>>;

let prompt: SecondFactorPrompt | null = null;

/** The app's dialog registers itself here (one at a time); the returned function unregisters it. */
export const registerSecondFactorPrompt = (next: SecondFactorPrompt) => {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
};

/**
 * Called by the API client on 403 `reauthentication_required`: asks for a code and
 * answers what the retried request answered. Cancelled (or with no dialog mounted),
 * it rejects with the original refusal, so the calling form shows it.
 */
export const reauthenticate = async <T>(refusal: ApiError, retry: SecondFactorRetry<T>): Promise<T> => {
  if (!prompt) throw refusal;
  const outcome = await prompt(retry);
  if (outcome.status === 'done') return outcome.value;
  if (outcome.status === 'failed') throw outcome.error;
  throw refusal;
};
