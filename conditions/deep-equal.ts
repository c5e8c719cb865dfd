import { isPlainObject } from './value-kind';

/**
 * JSON deep equality, the meaning of `equal`:
 * - primitives by `===` without coercion (`1` is not `"1"`, `0` equals `-0`, `NaN` equals nothing);
 * - arrays element by element, in order;
 * - plain objects by key set and values, in any key order; a key whose value is `undefined` counts as
 *   absent (the same rule as a missing field), like JSON and PostgreSQL `jsonb` equality;
 * - anything else (class instances, functions) only by identity.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  let count = 0;
  for (const key of Object.keys(a)) {
    const left = a[key];
    if (left === undefined) continue;
    count++;
    if (!Object.hasOwn(b, key) || !deepEqual(left, b[key])) return false;
  }
  for (const key of Object.keys(b)) if (b[key] !== undefined) count--;
  return count === 0;
}
