import type { Operator } from './condition';
import { deepEqual } from './deep-equal';

/**
 * Wide integers (int64 / uint64 fields with their full range) travel as decimal strings, since a JSON number loses
 * digits past 2^53. A condition on such a field compares numerically: the record's decimal string against a number
 * literal or a decimal-string literal, exactly (BigInt), as the SQL translation compares the bigint / numeric column.
 * Which fields are wide the caller says (`ConditionOptions.wideIntegers`); a condition never guesses from a value's
 * shape, so a String field holding "10" still compares as text.
 */

/** What a condition needs to know beyond the record: the field paths that hold wide integers. */
export interface ConditionOptions {
  /** Top-level field names whose values are wide integers (decimal strings or safe JSON numbers). */
  wideIntegers?: ReadonlySet<string>;
}

/** A canonical decimal integer: no sign on zero, no leading zeros, at most 20 digits (uint64 has 20). */
const DECIMAL_INTEGER = /^(0|-?[1-9][0-9]{0,19})$/;

/** True for a literal a condition may compare a wide field with: a decimal-integer string. */
export function isDecimalInteger(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_INTEGER.test(value);
}

/**
 * A wide field's value or literal as a number to compare: a decimal-integer string as a bigint, a finite JSON number
 * as itself (JavaScript orders a bigint against a number exactly). Anything else is not a number: undefined.
 */
export function wideNumber(value: unknown): bigint | number | undefined {
  if (typeof value === 'string') return DECIMAL_INTEGER.test(value) ? BigInt(value) : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return undefined;
}

function order(a: bigint | number, b: bigint | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareWide(actual: unknown, value: unknown): number | undefined {
  const a = wideNumber(actual);
  const b = wideNumber(value);
  return a === undefined || b === undefined ? undefined : order(a, b);
}

function equalWide(actual: unknown, value: unknown): boolean {
  if (value === null || value === undefined) return actual === null || actual === undefined;
  const compared = compareWide(actual, value);
  return compared === undefined ? deepEqual(actual, value) : compared === 0;
}

function sign(predicate: (order: number) => boolean): (actual: unknown) => boolean {
  return (actual) => {
    const compared = compareWide(actual, 0);
    return compared !== undefined && predicate(compared);
  };
}

function ordered(predicate: (order: number) => boolean): (actual: unknown, value: unknown) => boolean {
  return (actual, value) => {
    const compared = compareWide(actual, value);
    return compared !== undefined && predicate(compared);
  };
}

/**
 * The operators whose meaning differs on a wide field, numeric on both sides; the others (null, notNull) keep theirs.
 * A value that is no number (text typed halfway, "12a") is unordered and equal only to the same value.
 */
export const WIDE_OPERATOR_TESTS: Readonly<Partial<Record<Operator, (actual: unknown, value: unknown) => boolean>>> = {
  equal: equalWide,
  notEqual: (actual, value) => !equalWide(actual, value),
  greaterThan: ordered((o) => o > 0),
  greaterOrEqual: ordered((o) => o >= 0),
  lessThan: ordered((o) => o < 0),
  lessOrEqual: ordered((o) => o <= 0),
  zero: sign((o) => o === 0),
  one: (actual) => compareWide(actual, 1) === 0,
  positive: sign((o) => o > 0),
  negative: sign((o) => o < 0),
};

/** The predicate of an operator on a field: the wide meaning where the field is wide and the operator has one. */
export function operatorTest(op: Operator, field: string, options: ConditionOptions | undefined, generic: (actual: unknown, value: unknown) => boolean): (actual: unknown, value: unknown) => boolean {
  return (options?.wideIntegers?.has(field) && WIDE_OPERATOR_TESTS[op]) || generic;
}
