import type Ajv from 'ajv';
import type { FieldModel } from './entity-document';
import { SYSTEM_FIELD_NAMES } from './system-fields';

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

/** The most significant digits a double carries exactly: a decimal field with more travels as a string. */
export const DOUBLE_EXACT_DIGITS = 15;

/** The largest precision a decimal field may declare (PostgreSQL's numeric(precision, scale) limit). */
export const MAX_DECIMAL_PRECISION = 1000;

/** The JSON Schema keyword that checks an exact decimal's range and scale (ajv cannot compare long strings). */
export const DECIMAL_KEYWORD = 'x-decimal-range';

/** The value of the `x-decimal-range` keyword: the bounds as canonical decimal strings and the digits after the point. */
export interface DecimalRange {
  minimum: string;
  maximum: string;
  scale: number;
}

/** A decimal as digits and a power of ten: `units / 10^scale`. */
export interface ExactDecimal {
  units: bigint;
  scale: number;
}

/** Decimal text as a client may send it: a sign, digits, an optional fraction; no exponent, no `+`. */
const DECIMAL_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

/** A number's own text (String(n)), which may carry an exponent: 1e+21, 1.5e-7. */
const NUMBER_TEXT = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:e([+-]?[0-9]+))?$/;

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

/**
 * A value as an exact decimal: decimal text (leading zeros and any number of fraction digits allowed), or a finite
 * JSON number taken as the shortest decimal that reads back as it (what `String(n)` writes, and what PostgreSQL gets
 * when the number is sent as a parameter). Anything else is undefined.
 */
export function parseDecimal(value: unknown): ExactDecimal | undefined {
  if (typeof value === 'string') {
    if (!DECIMAL_TEXT.test(value) || value.length > 2 * MAX_DECIMAL_PRECISION + 2) return undefined;
    const [whole, fraction = ''] = value.split('.') as [string, string?];
    return { units: BigInt(whole + fraction), scale: fraction.length };
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    const match = NUMBER_TEXT.exec(String(value));
    if (!match) return undefined;
    const [, sign, whole, fraction = '', exponent = '0'] = match as unknown as [string, string, string, string?, string?];
    const shift = Number(exponent) - fraction.length;
    const digits = BigInt(`${sign}${whole}${fraction}`);
    return shift >= 0 ? { units: digits * 10n ** BigInt(shift), scale: 0 } : { units: digits, scale: -shift };
  }
  return undefined;
}

/** The order of two exact decimals: -1, 0 or 1. */
export function compareDecimals(a: ExactDecimal, b: ExactDecimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = a.units * 10n ** BigInt(scale - a.scale);
  const y = b.units * 10n ** BigInt(scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The digits a decimal needs after the point: its scale less its trailing zeros. */
function significantScale(decimal: ExactDecimal): number {
  let { units, scale } = decimal;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return scale;
}

/** A decimal written with exactly `scale` digits after the point (it must need no more); no sign on zero. */
export function formatDecimal(decimal: ExactDecimal, scale: number): string {
  const units = decimal.units * 10n ** BigInt(Math.max(0, scale - decimal.scale)) / 10n ** BigInt(Math.max(0, decimal.scale - scale));
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** The canonical text of a field's values: no leading zeros, exactly `scale` digits after the point, no `-` on zero. */
export function decimalPattern(scale: number): string {
  return scale === 0 ? '^(0|-?[1-9][0-9]*)$' : `^-?(0|[1-9][0-9]*)\\.[0-9]{${scale}}$`;
}

/**
 * A value of an exact-decimal field as it travels: decimal text or a number that needs no more than the field's
 * scale and holds at most 15 significant digits (so it was exact as a double) becomes its canonical text; anything
 * else stays as it is, for the validator to refuse (never rounded).
 */
export function normaliseDecimal(value: unknown, scale: number): unknown {
  if (typeof value === 'number' && !numberIsExact(value)) return value;
  const decimal = parseDecimal(typeof value === 'string' ? value.trim() : value);
  if (!decimal || significantScale(decimal) > scale) return value;
  return formatDecimal(decimal, scale);
}

/** True for a finite number whose shortest text has at most 15 significant digits: a double holds it exactly. */
function numberIsExact(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const match = NUMBER_TEXT.exec(String(value));
  if (!match) return false;
  const digits = `${match[2]}${match[3] ?? ''}`.replace(/^0+/, '').replace(/0+$/, '');
  return digits.length <= DOUBLE_EXACT_DIGITS;
}

/**
 * The bounds of an exact-decimal field: what numeric(precision, scale) holds (below 10^(precision - scale) in
 * magnitude), tightened by the field's own `min`/`max` (JSON numbers, taken as their decimal text).
 */
export function decimalBounds(field: Pick<FieldModel, 'precision' | 'scale' | 'min' | 'max'>): { min: ExactDecimal; max: ExactDecimal; scale: number } {
  const scale = decimalScale(field);
  const whole = Math.max(0, (field.precision ?? DOUBLE_EXACT_DIGITS) - scale);
  const largest: ExactDecimal = { units: 10n ** BigInt(whole + scale) - 1n, scale };
  const smallest: ExactDecimal = { units: -largest.units, scale };
  const own = (value: number | undefined) => (value !== undefined ? parseDecimal(value) : undefined);
  const min = own(field.min);
  const max = own(field.max);
  return {
    min: min && compareDecimals(min, smallest) > 0 ? min : smallest,
    max: max && compareDecimals(max, largest) < 0 ? max : largest,
    scale,
  };
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
  if (typeof value !== 'string' || !new RegExp(decimalPattern(range.scale)).test(value)) return false;
  const decimal = parseDecimal(value)!;
  return compareDecimals(decimal, parseDecimal(range.minimum)!) >= 0 && compareDecimals(decimal, parseDecimal(range.maximum)!) <= 0;
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
