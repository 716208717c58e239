import { MutationCache, QueryCache, QueryClient, type Mutation } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { i18n } from './i18n';
import { errorText, toast } from './toast';

/**
 * What a mutation tells the person once it is answered. It is given to `useMutation` itself (its
 * `meta`) and announced by the mutation cache, so the message survives the calling screen
 * remounting or closing (a per-call `mutate(…, { onSuccess })` callback is dropped then).
 */
export type MutationFeedback = {
  /** Success: a translation key, or a function of the answer and the variables giving the text. */
  success?: string | ((data: unknown, variables: unknown) => string);
  /** Failure: announce the server's message (`role="alert"`); leave unset when the form shows it inline. */
  errorToast?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean; feedback?: MutationFeedback };
  }
}

type AnyMutation = Mutation<unknown, unknown, unknown, unknown>;

const successText = (feedback: MutationFeedback, data: unknown, variables: unknown) =>
  typeof feedback.success === 'function' ? feedback.success(data, variables) : i18n.t(feedback.success ?? '');

/** The cache announcing every mutation's `meta.feedback` (also used by the tests' query client). */
export const createMutationCache = () =>
  new MutationCache({
    onSuccess: (data, variables, _context, mutation: AnyMutation) => {
      const feedback = mutation.meta?.feedback;
      if (feedback?.success) toast.success(successText(feedback, data, variables));
    },
    onError: (error, _variables, _context, mutation: AnyMutation) => {
      const meta = mutation.meta;
      if (meta?.feedback?.errorToast && !meta.silent) toast.error(errorText(error, i18n.t('errors.network')));
    },
  });

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
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
