import { ApiError } from '../lib/api-error';
import type { EntityKind } from './catalogue';
import { fieldOfUniqueIndex } from './data-store';

const sqlStateOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/**
 * The 409 of a write that lost a race to another one, or undefined for any other failure. The pre-checks of a
 * write (uniqueConflicts) cannot see a concurrent transaction's rows: the unique index still refuses the second
 * value (23505), and two imports inserting the same values in a different order deadlock (40P01), of which
 * PostgreSQL ends one. Either is the caller's conflict to retry, not a server fault.
 */
export function writeConflictOf(kind: EntityKind, error: unknown): ApiError | undefined {
  const state = sqlStateOf(error);
  if (state === '23505') {
    const field = fieldOfUniqueIndex(kind, (error as { constraint?: string }).constraint) ?? '(record)';
    return new ApiError(409, `${field} already exists.`, { errors: { [field]: [`${field} already exists.`] } });
  }
  if (state === '40P01' || state === '40001') {
    return new ApiError(409, 'The write collided with a concurrent write and was undone; send it again.');
  }
  return undefined;
}
