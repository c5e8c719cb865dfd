import type Ajv from 'ajv';
import type { FieldModel } from './entity-document';
import { canonicalPattern, integerDecimal, parseCanonicalDecimal, tightenBounds } from './decimal-text';
import { SYSTEM_FIELD_NAMES } from './system-fields';

/**
 * Wide integers: int64 and uint64 values with their full ranges (spec 2 §5), which a JSON number (an IEEE double)
 * cannot carry past 2^53. On the wire they are decimal strings ("9223372036854775807"); see docs/data-api.md
 * "Wide integers".
 *
 * Which fields: a top-level Number field with managed type int64 or uint64 that is not a lookup, not a system
 * field and not named `...Oid` (a record id by the catalogue's naming, e.g. a scope field's LocationOid without a
 * lookup). Record keys (Oid, TenantOid, lookups, other ids) come from the database's sequences, stay far below 2^53
 * and remain JSON numbers; a Number inside an Object or Array field lives in a jsonb column and keeps the
 * safe-integer clamp of `MANAGED_TYPES`.
 *
 * As decimal text a wide integer is a decimal of scale 0 with at most 20 digits (decimal-text.ts reads, orders and
 * bounds it); what is its own here: only canonical text and safe JSON integers count, and a fractional `min`/`max`
 * rounds inwards.
 */

/** The most digits a wide integer has (uint64's maximum has 20). */
const WIDE_DIGITS = 20;

/** The full ranges of the wide managed types. */
export const WIDE_INTEGER_RANGES = {
  int64: { min: -(2n ** 63n), max: 2n ** 63n - 1n },
  uint64: { min: 0n, max: 2n ** 64n - 1n },
} as const;

/** The managed types that are wide. */
export type WideManagedType = keyof typeof WIDE_INTEGER_RANGES;

/** The text of a wide integer: canonical decimal, no sign on zero, no leading zeros, at most 20 digits. */
export const WIDE_INTEGER_PATTERN = canonicalPattern(0, WIDE_DIGITS);

/** The JSON Schema keyword that checks a wide integer's range (ajv cannot compare big strings numerically). */
export const WIDE_INTEGER_KEYWORD = 'x-integer-range';

/** The value of the `x-integer-range` keyword: the bounds as decimal strings. */
export interface WideIntegerRange {
  minimum: string;
  maximum: string;
}

/** True for a top-level field whose values travel as decimal strings (see the module comment). */
export function isWideInteger(field: Pick<FieldModel, 'name' | 'type' | 'managedType' | 'usage'>): boolean {
  return (
    field.type === 'Number' &&
    (field.managedType === 'int64' || field.managedType === 'uint64') &&
    field.usage !== 'Lookup' &&
    !field.name.endsWith('Oid') &&
    !SYSTEM_FIELD_NAMES.includes(field.name)
  );
}

/** The names of the wide-integer fields among top-level fields. */
export function wideIntegerNames(fields: readonly FieldModel[]): Set<string> {
  return new Set(fields.filter(isWideInteger).map((f) => f.name));
}

/**
 * A wide integer as a bigint: a canonical decimal string, or a JSON number that is a safe integer (a number past
 * 2^53 may already have been rounded, so it is not one). Anything else is undefined.
 */
export function parseWideInteger(value: unknown): bigint | undefined {
  if (typeof value === 'string') return parseCanonicalDecimal(value, 0, WIDE_DIGITS)?.units;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  return undefined;
}

/**
 * The bounds of a wide field: the tighter of its own `min`/`max` (JSON numbers, rounded inwards when fractional)
 * and its managed type's full range.
 */
export function wideIntegerBounds(field: Pick<FieldModel, 'managedType' | 'min' | 'max'>): { min: bigint; max: bigint } {
  const range = WIDE_INTEGER_RANGES[field.managedType === 'uint64' ? 'uint64' : 'int64'];
  const own = (value: number | undefined, round: (n: number) => number) => (value !== undefined && Number.isFinite(value) ? integerDecimal(BigInt(round(value))) : undefined);
  const { min, max } = tightenBounds({ min: own(field.min, Math.ceil), max: own(field.max, Math.floor) }, { min: integerDecimal(range.min), max: integerDecimal(range.max) });
  return { min: min.units, max: max.units };
}

/** What a wide field accepts, for a message: range, form and an example. */
export function wideIntegerHint(field: Pick<FieldModel, 'managedType' | 'min' | 'max'>): string {
  const { min, max } = wideIntegerBounds(field);
  return `send a whole number from ${min} to ${max} as a decimal string, e.g. "${max}" (a JSON number only up to ±${Number.MAX_SAFE_INTEGER})`;
}

/**
 * The JSON Schema keywords of a wide field: a decimal string with a pattern, or a whole JSON number (which the
 * range keyword accepts only within the safe range), and the range as `x-integer-range`.
 */
export function wideIntegerKeywords(field: FieldModel, allowNull: boolean): Record<string, unknown> {
  const { min, max } = wideIntegerBounds(field);
  const range: WideIntegerRange = { minimum: String(min), maximum: String(max) };
  return { type: allowNull ? ['string', 'integer', 'null'] : ['string', 'integer'], pattern: WIDE_INTEGER_PATTERN, [WIDE_INTEGER_KEYWORD]: range };
}

/** True when a value is a wide integer within the range (null passes: the type keyword decides about it). */
export function inWideRange(range: WideIntegerRange, value: unknown): boolean {
  if (value === null) return true;
  const parsed = parseWideInteger(value);
  return parsed !== undefined && parsed >= BigInt(range.minimum) && parsed <= BigInt(range.maximum);
}

/** Adds the `x-integer-range` keyword to an ajv instance (the server's record validator and the editors' one). */
export function addWideIntegerKeyword(ajv: Ajv): Ajv {
  if (!ajv.getKeyword(WIDE_INTEGER_KEYWORD)) {
    ajv.addKeyword({
      keyword: WIDE_INTEGER_KEYWORD,
      schemaType: 'object',
      validate: (range: WideIntegerRange, value: unknown) => inWideRange(range, value),
      errors: false,
    });
  }
  return ajv;
}

/**
 * A wide value as it travels: a safe JSON integer (a document's default, a client that sent a number) becomes its
 * decimal string; anything else stays as it is, for the validator to judge.
 */
export function normaliseWideInteger(value: unknown): unknown {
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
}

/** The wide-integer fields of a compiled entity schema: the top-level properties with the `x-integer-range` keyword. */
export function wideIntegersOfSchema(schema: { properties?: unknown }): Set<string> {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return new Set(Object.keys(properties).filter((name) => properties[name]?.[WIDE_INTEGER_KEYWORD] !== undefined));
}
