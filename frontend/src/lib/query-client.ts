import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { i18n } from './i18n';
import { errorText, toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Client errors are answers, not glitches: only network and 5xx failures are retried. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && (!isApiError(error) || error.status === 0 || error.status >= 500);

export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        toast.error(errorText(error, i18n.t('errors.network')));
      },
    }),
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
