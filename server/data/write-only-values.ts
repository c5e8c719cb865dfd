import { deepEqual } from '../../conditions';
import { camelName, type Profile } from './profile';
import { isSetValue, redactWriteOnly, WRITE_ONLY_MEMBER, writeOnlyFields } from '../../schemas';
import type { FieldErrors } from '../lib/api-error';
import { hashPassword } from '../identity/passwords';
import type { EntityKind } from './catalogue';
import { dropErrorsOf } from './validate-record';

/**
 * Write-only fields in the data service (docs/metadata.md "Write-only fields"): never answered, kept when a PUT
 * leaves them out, hashed before they are stored where the document says `hash`. Their values leave the service
 * only as "set" or "not set".
 */

/** A record as the service answers it: write-only values out, `$writeOnly` in, keys in the profile's naming. */
export function answerOf(kind: EntityKind, record: Record<string, unknown>, profile: Profile): Record<string, unknown> {
  const answer = redactWriteOnly(kind.doc.fields, record);
  if (profile === 'pascal') return answer;
  const set = answer[WRITE_ONLY_MEMBER] as Record<string, boolean> | undefined;
  const renamed = Object.fromEntries(Object.entries(answer).map(([k, v]) => [camelName(k), v]));
  if (set) renamed[WRITE_ONLY_MEMBER] = Object.fromEntries(Object.entries(set).map(([k, v]) => [camelName(k), v]));
  return renamed;
}

/** The write-only values of the stored record that a PUT body does not send: a PUT that omits one keeps it. */
export function unsentWriteOnly(kind: EntityKind, current: Record<string, unknown>, input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(writeOnlyFields(kind.doc.fields).filter((f) => input[f.name] === undefined).map((f) => [f.name, current[f.name] ?? null]));
}

/**
 * Drops the errors of write-only values kept as stored: a stored hash is not the value the field's rules are about
 * (a PIN of 4 to 8 digits is stored as a 97-character hash), and was checked when it was set.
 */
export function dropKeptWriteOnlyErrors(kind: EntityKind, errors: FieldErrors, next: Record<string, unknown>, previous: Record<string, unknown> | undefined): void {
  if (!previous) return;
  for (const field of writeOnlyFields(kind.doc.fields)) if (deepEqual(next[field.name] ?? null, previous[field.name] ?? null)) dropErrorsOf(errors, field.name);
}

/**
 * The record with each new value of a hashed write-only field replaced by its hash (argon2id, PHC string). A value
 * equal to the stored one is the stored hash kept and stays as it is; an empty one clears the field.
 */
export async function hashWriteOnly(kind: EntityKind, record: Record<string, unknown>, previous?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const hashed = writeOnlyFields(kind.doc.fields).filter((f) => f.hash === 'argon2id');
  if (hashed.length === 0) return record;
  const out = { ...record };
  for (const field of hashed) {
    const value = out[field.name];
    if (!isSetValue(value)) out[field.name] = null;
    else if (!(previous && deepEqual(value, previous[field.name] ?? null))) out[field.name] = await hashPassword(String(value));
  }
  return out;
}

/** Whether a kind has write-only fields (a PUT of it must read the stored record to keep the unsent ones). */
export function hasWriteOnly(kind: EntityKind): boolean {
  return writeOnlyFields(kind.doc.fields).length > 0;
}
