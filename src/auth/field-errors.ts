import { ApiRequestError } from '../lib/api/api-error';

/** The server's per-field messages of a failed call, joined per field; none for other errors. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.body.errors) return {};
  return Object.fromEntries(Object.entries(error.body.errors).map(([field, messages]) => [field, messages.join(', ')]));
}

/** The message of any failure, for the text under a form's button. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
