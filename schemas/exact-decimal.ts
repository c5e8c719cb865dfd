import type Ajv from 'ajv';
import type { FieldModel } from './entity-document';
import {
  DOUBLE_EXACT_DIGITS, canonicalPattern, formatDecimal, numericBounds, parseCanonicalDecimal, parseDecimal, tightenBounds, withinBounds, type ExactDecimal,
} from './decimal-text';
import { SYSTEM_FIELD_NAMES } from './system-fields';

// The arithmetic of decimal text lives in decimal-text.ts, shared with wide integers; these stay exported from here.
export {
  DOUBLE_EXACT_DIGITS, MAX_DECIMAL_PRECISION, compareDecimals, formatDecimal, normaliseDecimal, parseDecimal, typedDecimalText, typedWholeNumber, latinDigits, type ExactDecimal,
} from './decimal-text';

/**
 * Exact decimals: `decimal` fields declared with more digits than a JSON number (an IEEE double) carries exactly.
 * A double holds any decimal of 15 significant digits exactly (it round-trips), not always 16 or 17, so a field whose
 * `precision` is above 15 travels as a canonical decimal string ("12345678901234567890.1234"), from the database's
 * numeric(precision, scale) column to the API, conditions, the editor and the audit trail; see docs/metadata.md
 * "Decimal precision" and docs/data-api.md "Exact decimals". A decimal without `precision`, or with 15 or fewer
 * digits, stays a JSON number (its column is numeric(precision, scale) when declared).
 *
 * Which fields: a top-level Number field with managed type decimal and precision above 15 that is no lookup and no
 * system field. A Number inside an Object or Array field lives in a jsonb column and stays a JSON number.
 */

/** The JSON Schema keyword that checks an exact decimal's range and scale (ajv cannot compare long strings). */
export const DECIMAL_KEYWORD = 'x-decimal-range';

/** The value of the `x-decimal-range` keyword: the bounds as canonical decimal strings and the digits after the point. */
export interface DecimalRange {
  minimum: string;
  maximum: string;
  scale: number;
}

/** True for a top-level field whose values travel as decimal strings (see the module comment). */
export function isExactDecimal(field: Pick<FieldModel, 'name' | 'type' | 'managedType' | 'usage' | 'precision'>): boolean {
  return (
    field.type === 'Number' &&
    field.managedType === 'decimal' &&
    (field.precision ?? 0) > DOUBLE_EXACT_DIGITS &&
    field.usage !== 'Lookup' &&
    !SYSTEM_FIELD_NAMES.includes(field.name)
  );
}

/** The names of the exact-decimal fields among top-level fields. */
export function exactDecimalNames(fields: readonly FieldModel[]): Set<string> {
  return new Set(fields.filter(isExactDecimal).map((f) => f.name));
}

/** The digits after the point a decimal field keeps (0 without a declared scale). */
export function decimalScale(field: Pick<FieldModel, 'scale'>): number {
  return field.scale ?? 0;
}

/** The canonical text of a field's values: no leading zeros, exactly `scale` digits after the point (decimal-text.ts). */
export function decimalPattern(scale: number): string {
  return canonicalPattern(scale);
}

/**
 * The bounds of an exact-decimal field: what numeric(precision, scale) holds (below 10^(precision - scale) in
 * magnitude), tightened by the field's own `min`/`max` (JSON numbers, taken as their decimal text).
 */
export function decimalBounds(field: Pick<FieldModel, 'precision' | 'scale' | 'min' | 'max'>): { min: ExactDecimal; max: ExactDecimal; scale: number } {
  const scale = decimalScale(field);
  const own = (value: number | undefined) => (value !== undefined ? parseDecimal(value) : undefined);
  const bounds = tightenBounds({ min: own(field.min), max: own(field.max) }, numericBounds(field.precision ?? DOUBLE_EXACT_DIGITS, scale));
  return { ...bounds, scale };
}

/** The range keyword's value of a field. */
export function decimalRange(field: Pick<FieldModel, 'precision' | 'scale' | 'min' | 'max'>): DecimalRange {
  const { min, max, scale } = decimalBounds(field);
  return { minimum: formatDecimal(min, Math.max(scale, min.scale)), maximum: formatDecimal(max, Math.max(scale, max.scale)), scale };
}

/** What an exact-decimal field accepts, for a message: range, scale, form and an example. */
export function decimalHint(field: Pick<FieldModel, 'precision' | 'scale' | 'min' | 'max'>): string {
  const range = decimalRange(field);
  const digits = range.scale === 0 ? 'no digits after the point' : `at most ${range.scale} digit${range.scale === 1 ? '' : 's'} after the point`;
  return `send a number from ${range.minimum} to ${range.maximum} with ${digits} as a decimal string, e.g. "${range.maximum}" (a JSON number only with at most ${DOUBLE_EXACT_DIGITS} significant digits)`;
}

/** The JSON Schema keywords of an exact-decimal field: canonical decimal text, with its range and scale as `x-decimal-range`. */
export function decimalKeywords(field: FieldModel, allowNull: boolean): Record<string, unknown> {
  const range = decimalRange(field);
  return { type: allowNull ? ['string', 'null'] : 'string', pattern: decimalPattern(range.scale), [DECIMAL_KEYWORD]: range };
}

/** True when a value is canonical decimal text within the range and scale (null passes: the type keyword decides). */
export function inDecimalRange(range: DecimalRange, value: unknown): boolean {
  if (value === null) return true;
  // Canonical text of any length parses here (parseDecimal stops at its length limit, and a text past it is out of
  // every precision's range anyway): the check refuses it rather than throwing on a missing parse.
  const decimal = parseCanonicalDecimal(value, range.scale);
  if (!decimal) return false;
  return withinBounds(decimal, { min: parseDecimal(range.minimum)!, max: parseDecimal(range.maximum)! });
}

/** Adds the `x-decimal-range` keyword to an ajv instance (the server's record validator and the editors' one). */
export function addDecimalKeyword(ajv: Ajv): Ajv {
  if (!ajv.getKeyword(DECIMAL_KEYWORD)) {
    ajv.addKeyword({ keyword: DECIMAL_KEYWORD, schemaType: 'object', validate: (range: DecimalRange, value: unknown) => inDecimalRange(range, value), errors: false });
  }
  return ajv;
}

/** The exact-decimal fields of a compiled entity schema: the top-level properties with the `x-decimal-range` keyword. */
export function exactDecimalsOfSchema(schema: { properties?: unknown }): Map<string, DecimalRange> {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return new Map(
    Object.keys(properties)
      .filter((name) => properties[name]?.[DECIMAL_KEYWORD] !== undefined)
      .map((name) => [name, properties[name]![DECIMAL_KEYWORD] as DecimalRange]),
  );
}
