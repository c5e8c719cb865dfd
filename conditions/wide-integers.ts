import type { Operator } from './condition';
import { deepEqual } from './deep-equal';

/**
 * Wide integers (int64 / uint64 fields with their full range) and exact decimals (decimal fields with more digits
 * than a double holds) travel as decimal strings, since a JSON number loses digits. A condition on such a field
 * compares numerically: the record's decimal string against a number literal or a decimal-string literal, exactly
 * (BigInt), as the SQL translation compares the bigint / numeric column. Which fields hold decimal strings the caller
 * says (`ConditionOptions.decimalStrings`); a condition never guesses from a value's shape, so a String field holding
 * "10" still compares as text.
 */

/** What a condition needs to know beyond the record: the field paths that hold decimal strings. */
export interface ConditionOptions {
  /**
   * Top-level field names whose values are decimal strings compared as numbers: wide integers (or safe JSON numbers)
   * and exact decimals ("12345678901234567890.25", schemas/exact-decimal.ts).
   */
  decimalStrings?: ReadonlySet<string>;
}

/** A canonical decimal integer: no sign on zero, no leading zeros, at most 20 digits (uint64 has 20). */
const DECIMAL_INTEGER = /^(0|-?[1-9][0-9]{0,19})$/;

/** Decimal text a condition may compare with: no leading zeros, an optional fraction, at most 1000 digits each side. */
const DECIMAL_TEXT = /^-?(0|[1-9][0-9]{0,999})(\.[0-9]{1,1000})?$/;

/** A number's own text (String(n)), which may carry an exponent: 1e+21, 1.5e-7. */
const NUMBER_TEXT = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:e([+-]?[0-9]+))?$/;

/** True for a literal a condition may compare a wide integer with: a decimal-integer string. */
export function isDecimalInteger(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_INTEGER.test(value);
}

/** True for a literal a condition may compare a decimal-string field with: decimal text, e.g. "-12.50". */
export function isDecimalText(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_TEXT.test(value);
}

/** An exact number to compare: `units / 10^scale`. */
interface Exact {
  units: bigint;
  scale: number;
}

/**
 * A decimal-string field's value or literal as an exact number: decimal text as written, a finite JSON number as the
 * shortest decimal that reads back as it (String(n): what the SQL translation sends). Anything else: undefined.
 */
export function wideNumber(value: unknown): Exact | undefined {
  if (typeof value === 'string') {
    if (!DECIMAL_TEXT.test(value)) return undefined;
    const [whole, fraction = ''] = value.split('.') as [string, string?];
    return { units: BigInt(whole + fraction), scale: fraction.length };
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const match = NUMBER_TEXT.exec(String(value));
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponent = '0'] = match as unknown as [string, string, string, string?, string?];
  const shift = Number(exponent) - fraction.length;
  const units = BigInt(`${sign}${whole}${fraction}`);
  return shift >= 0 ? { units: units * 10n ** BigInt(shift), scale: 0 } : { units, scale: -shift };
}

function order(a: Exact, b: Exact): number {
  const x = a.scale >= b.scale ? a.units : a.units * 10n ** BigInt(b.scale - a.scale);
  const y = b.scale >= a.scale ? b.units : b.units * 10n ** BigInt(a.scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
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
  return (options?.decimalStrings?.has(field) && WIDE_OPERATOR_TESTS[op]) || generic;
}
