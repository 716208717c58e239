import { isApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { errorText, toast } from '@/lib/toast';

/**
 * A refused command: the server's reason as a toast. A 409 (closed meanwhile, already done)
 * means the screen is stale: `refetch` shows the current state.
 */
export const reportActionError = (error: unknown, refetch: () => unknown) => {
  toast.error(errorText(error, i18n.t('errors.network')));
  if (isApiError(error) && error.status === 409) void refetch();
};
