import { i18n } from './i18n';
import { errorText, toast } from './toast';

type Handlers<T> = { onSuccess?: (data: T) => void; onError?: (error: unknown) => void };

/**
 * Follows a request to its end whatever happens to the calling component meanwhile. The callbacks of
 * `mutate(variables, { onSuccess })` are dropped when the component unmounts (its row leaves the list
 * once the lists are read again, its dialog closes, the form remounts with the saved values): the
 * answer would go unannounced. The promise of `mutateAsync` is always settled, so these run.
 * Without `onError`, a failure is announced (`role="alert"` toast) with the server's message.
 */
export const settle = <T>(request: Promise<T>, { onSuccess, onError }: Handlers<T> = {}) => {
  request.then(onSuccess, onError ?? ((error: unknown) => toast.error(errorText(error, i18n.t('errors.network'))))).catch(
    (error: unknown) => {
      // A callback threw: say so rather than fail silently.
      toast.error(errorText(error, i18n.t('errors.network')));
    },
  );
};
