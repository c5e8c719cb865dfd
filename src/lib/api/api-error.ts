/** The server's error body (DESIGN.md "API conventions"). */
export interface ApiErrorBody {
  status: number;
  message: string;
  innerException?: { message: string };
  errors?: Record<string, string[]>;
  error_code?: string;
  error_description?: string;
  [extra: string]: unknown;
}

/** A failed call, parsed into one shape whatever the server or the network did. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    /** 5-digit sign-in code from the status text or error_code (spec 1 §8). */
    readonly code: string | undefined,
    /** Id of a 5xx answer, readable with GET api/error({id}). */
    readonly errorId: string | undefined,
    readonly method: string,
    readonly url: string,
  ) {
    super(body.message);
    this.name = 'ApiRequestError';
  }
}

const CODE_IN_BRACKETS = /\[(\d{5})\]/;

function isErrorBody(value: unknown): value is Partial<ApiErrorBody> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turns any failed answer into an ApiRequestError: the 5-digit code is read from brackets in the status
 * text or from error_code; a body that is not our JSON shape still yields a message naming the status.
 */
export function parseApiError(input: {
  status: number;
  statusText: string;
  body: unknown;
  errorId?: string | null;
  method: string;
  url: string;
}): ApiRequestError {
  const raw = isErrorBody(input.body) ? input.body : {};
  const message =
    typeof raw.message === 'string' && raw.message
      ? raw.message
      : typeof raw.error_description === 'string' && raw.error_description
        ? raw.error_description
        : `${input.status} ${input.statusText || 'Error'}`.trim();
  const body: ApiErrorBody = { ...raw, status: input.status, message };
  const code = CODE_IN_BRACKETS.exec(input.statusText)?.[1] ?? (typeof raw.error_code === 'string' && /^\d{5}$/.test(raw.error_code) ? raw.error_code : undefined);
  return new ApiRequestError(input.status, body, code, input.errorId ?? undefined, input.method, input.url);
}

/** A call that never got an answer (server down, network gone): status 0. */
export function networkError(method: string, url: string, cause: unknown): ApiRequestError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ApiRequestError(0, { status: 0, message: `The server could not be reached (${detail}).` }, undefined, undefined, method, url);
}
