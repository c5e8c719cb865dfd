/** Per-field messages, keyed by field path. */
export type FieldErrors = Record<string, string[]>;

/**
 * Adds a message to a path's list. Paths often come from the caller's own member names, and `errors[path] ??= []`
 * meets Object.prototype's members for `constructor` or `toString` (a 500, "push is not a function"): own
 * properties only, set as data properties (so `__proto__` is a path like any other).
 */
export function addFieldError(errors: FieldErrors, path: string, message: string): void {
  if (Object.hasOwn(errors, path)) errors[path]!.push(message);
  else Object.defineProperty(errors, path, { value: [message], enumerable: true, writable: true, configurable: true });
}

/** Options of an ApiError beyond status and message. */
export interface ApiErrorOptions {
  /** Per-field messages, for validation failures. */
  errors?: FieldErrors;
  /** 5-digit sign-in code, also put in brackets in the status text (spec 1 §8). */
  code?: string;
  /** Text for error_description next to error_code. */
  description?: string;
  /** A message of the cause, shown after the main message. */
  innerException?: string;
  /** Extra members of the body, e.g. the current server version on a 409. */
  extra?: Record<string, unknown>;
}

/** An error a route throws on purpose; the error handler turns it into the one JSON error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The JSON body of every error answer (DESIGN.md "API conventions"). */
export interface ErrorBody {
  status: number;
  message: string;
  innerException?: { message: string };
  errors?: FieldErrors;
  error_code?: string;
  error_description?: string;
  [extra: string]: unknown;
}
