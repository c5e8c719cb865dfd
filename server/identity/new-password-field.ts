import { ApiError } from '../lib/api-error';
import { newPasswordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';
import { stringField } from './request-body';

/**
 * The password a request sets (register, reset, change, administrator): a 400 naming the field when it breaks the
 * password rules. `label` starts the message: 'The password' or 'The new password'.
 */
export function newPasswordField(body: Record<string, unknown>, field: 'password' | 'newPassword', label: string): string {
  const password = stringField(body, field, { max: 1024 })!;
  const problem = newPasswordProblem(password);
  if (problem) throw new ApiError(400, `${label} ${problem}.`, { errors: { [field]: [problem] } });
  return password;
}

/** The same rules as a route schema's property, for the document (the handler still checks them with its own words). */
export const NEW_PASSWORD_SCHEMA = { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH } as const;
