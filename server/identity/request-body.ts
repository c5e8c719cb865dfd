import { ApiError } from '../lib/api-error';

/** The body as an object, or a 400 saying it must be one. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'The request body must be a JSON object.', { errors: { '(body)': ['must be a JSON object'] } });
  }
  return body as Record<string, unknown>;
}

/** A string member of a body; missing, empty or too long is a 400 naming the field. */
export function stringField(body: Record<string, unknown>, field: string, options: { required?: boolean; max?: number } = {}): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    if (options.required === false) return undefined;
    throw new ApiError(400, `The field ${field} is required.`, { errors: { [field]: ['is required'] } });
  }
  if (typeof value !== 'string') throw new ApiError(400, `The field ${field} must be a string.`, { errors: { [field]: ['must be a string'] } });
  const max = options.max ?? 256;
  if (value.length > max) throw new ApiError(400, `The field ${field} must be at most ${max} characters long.`, { errors: { [field]: [`must be at most ${max} characters long`] } });
  return value;
}

/** Refuses members the endpoint does not know (no mass assignment, and typos get named). */
export function refuseUnknownFields(body: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(body).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new ApiError(400, `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`, {
      errors: Object.fromEntries(unknown.map((key) => [key, ['is not a known field']])),
    });
  }
}
