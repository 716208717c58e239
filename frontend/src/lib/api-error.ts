export type FieldErrors = Record<string, string>;

/** An error answered by the API (`{"error": {code, message, fields, correlation_id}}`) or a failed request. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors;
  readonly correlationId?: string;
  /** True when `message` is the server's (already translated) text. */
  readonly fromServer: boolean;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: FieldErrors;
    correlationId?: string;
    fromServer: boolean;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.correlationId = init.correlationId;
    this.fromServer = init.fromServer;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readFields = (value: unknown): FieldErrors => {
  if (!isRecord(value)) return {};
  const fields: FieldErrors = {};
  for (const [key, text] of Object.entries(value)) {
    if (typeof text === 'string') fields[key] = text;
    else if (Array.isArray(text) && typeof text[0] === 'string') fields[key] = text[0];
  }
  return fields;
};

/** Builds an ApiError from a non-2xx status and its (possibly absent or malformed) body. */
export const apiErrorFromBody = (status: number, statusText: string, body: unknown): ApiError => {
  const envelope = isRecord(body) && isRecord(body.error) ? body.error : null;
  const message = envelope && typeof envelope.message === 'string' ? envelope.message : '';
  return new ApiError({
    status,
    code: envelope && typeof envelope.code === 'string' ? envelope.code : `http_${status}`,
    message: message || statusText || `HTTP ${status}`,
    fields: readFields(envelope?.fields),
    correlationId:
      envelope && typeof envelope.correlation_id === 'string' ? envelope.correlation_id : undefined,
    fromServer: message !== '',
  });
};
