import { env } from '@/config/env';
import { ApiError, apiErrorFromBody } from './api-error';
import { createPositionTracker } from './event-position';
import {
  isReauthenticationRequired,
  reauthenticate as promptForSecondFactor,
  SECOND_FACTOR_HEADER,
  type SecondFactorRetry,
} from './second-factor-prompt';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined | readonly string[];

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type ApiClientOptions = {
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  baseUrl?: string;
  apiKey?: string;
  getLanguage: () => string;
  /**
   * On 403 `reauthentication_required`: gets a code and sends the request again with it
   * (`retry`), or rejects. Defaults to the dialog registered in `second-factor-prompt`.
   */
  reauthenticate?: <T>(refusal: ApiError, retry: SecondFactorRetry<T>) => Promise<T>;
};

const buildUrl = (baseUrl: string, path: string, query?: Record<string, QueryValue>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item: string) => params.append(key, item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const hasHeader = (headers: Record<string, string> | undefined, name: string) =>
  Object.keys(headers ?? {}).some((key) => key.toLowerCase() === name.toLowerCase());

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * fetch wrapper for `/api`: same-origin cookies, Accept-Language, the CSRF header on
 * writes, read-your-writes positions (DESIGN §1), the second factor asked again for
 * sensitive actions, and one error type (ApiError).
 */
export const createApiClient = (options: ApiClientOptions) => {
  const positions = createPositionTracker();
  const baseUrl = options.baseUrl ?? '';
  const reauthenticate = options.reauthenticate ?? promptForSecondFactor;

  const send = async (method: HttpMethod, path: string, request: RequestOptions) => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': options.getLanguage(),
      ...request.headers,
    };
    if (options.apiKey) headers['X-Api-Key'] = options.apiKey;
    if (method === 'GET') {
      const minPosition = positions.current();
      if (minPosition) headers['X-Min-Position'] = minPosition;
    } else {
      headers['X-Requested-With'] = 'equilibre';
    }
    const hasBody = request.body !== undefined;
    // A FormData body (file upload) goes as multipart; fetch writes its Content-Type and boundary.
    const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
    if (hasBody && !isForm) headers['Content-Type'] = 'application/json';
    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, request.query), {
        method,
        headers,
        credentials: 'same-origin',
        body: isForm ? (request.body as FormData) : hasBody ? JSON.stringify(request.body) : undefined,
        signal: request.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError({
        status: 0,
        code: 'network_error',
        message: error instanceof Error ? error.message : String(error),
        fromServer: false,
      });
    }
    positions.observe(response.headers.get('X-Event-Position'));
    return { response, body: await readBody(response) };
  };

  const request = async <T>(
    method: HttpMethod,
    path: string,
    request: RequestOptions = {},
  ): Promise<T> => {
    let result = await send(method, path, request);
    let error = result.response.ok
      ? null
      : apiErrorFromBody(result.response.status, result.response.statusText, result.body);
    if (error && method === 'GET' && error.status === 503 && error.code === 'read_model_behind') {
      result = await send(method, path, request);
      error = result.response.ok
        ? null
        : apiErrorFromBody(result.response.status, result.response.statusText, result.body);
    }
    // Sensitive actions (docs/api.md "Re-authentication"): ask for a code once, here, for every caller.
    if (error && isReauthenticationRequired(error) && !hasHeader(request.headers, SECOND_FACTOR_HEADER)) {
      return reauthenticate<T>(error, (code) =>
        send(method, path, { ...request, headers: { ...request.headers, [SECOND_FACTOR_HEADER]: code } }).then(
          (retried) => {
            if (!retried.response.ok) {
              throw apiErrorFromBody(retried.response.status, retried.response.statusText, retried.body);
            }
            return retried.body as T;
          },
        ),
      );
    }
    if (error) throw error;
    return result.body as T;
  };

  return {
    request,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PUT', path, { ...opts, body }),
    patch: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PATCH', path, { ...opts, body }),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
    /** Highest `X-Event-Position` seen, sent as `X-Min-Position` on GETs. */
    minPosition: positions.current,
    resetPositions: positions.reset,
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;

let currentLanguage = 'fr';
/** Called by the i18n setup whenever the interface language changes. */
export const setApiLanguage = (language: string) => {
  currentLanguage = language;
};

export const api = createApiClient({
  baseUrl: env.apiUrl,
  apiKey: env.apiKey,
  getLanguage: () => currentLanguage,
});
