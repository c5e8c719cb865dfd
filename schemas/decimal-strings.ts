import type { FieldModel } from './entity-document';
import { decimalScale, exactDecimalsOfSchema, isExactDecimal, normaliseDecimal } from './exact-decimal';
import { isWideInteger, normaliseWideInteger, wideIntegersOfSchema } from './wide-integer';

/**
 * The fields whose values travel as decimal strings: wide integers (schemas/wide-integer.ts) and exact decimals
 * (schemas/exact-decimal.ts). Both are read from the database as text, compared exactly by conditions (the set is
 * what `ConditionOptions.decimalStrings` takes), sorted and paged by their text cast to numeric, and kept exact by the
 * audit trail; only their validation and canonical form differ.
 */

type DecimalStringField = Pick<FieldModel, 'name' | 'type' | 'managedType' | 'usage' | 'precision' | 'scale'>;

/** True for a top-level field whose values are decimal strings. */
export function isDecimalString(field: DecimalStringField): boolean {
  return isWideInteger(field) || isExactDecimal(field);
}

/** The names of the decimal-string fields among top-level fields. */
export function decimalStringNames(fields: readonly FieldModel[]): Set<string> {
  return new Set(fields.filter(isDecimalString).map((f) => f.name));
}

/** The decimal-string fields of a compiled entity schema (what the editor has). */
export function decimalStringsOfSchema(schema: { properties?: unknown }): Set<string> {
  return new Set([...wideIntegersOfSchema(schema), ...exactDecimalsOfSchema(schema).keys()]);
}

/**
 * A decimal-string field's value as it travels: its canonical text where the value is one the field takes exactly
 * (a safe JSON integer for a wide integer; decimal text or an exactly held number within the scale for an exact
 * decimal); anything else stays as it is, for the validator to judge.
 */
export function normaliseDecimalString(field: DecimalStringField, value: unknown): unknown {
  return isExactDecimal(field) ? normaliseDecimal(value, decimalScale(field)) : normaliseWideInteger(value);
}
