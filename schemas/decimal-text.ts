/**
 * Decimal text: how the values of decimal-string fields (schemas/decimal-strings.ts) are read, ordered, bounded and
 * written. Wide integers (schemas/wide-integer.ts) are decimals of scale 0 and exact decimals
 * (schemas/exact-decimal.ts) decimals of their field's scale; both modules keep their own policy (what a field
 * accepts, which JSON numbers count, how its own `min`/`max` round) and use these pieces for the arithmetic, so the
 * two kinds cannot drift apart in how a digit string is read or compared. Exact throughout (BigInt): a double would
 * lose the digits these fields exist for.
 */

/** The most significant digits a double carries exactly: a decimal field with more travels as a string. */
export const DOUBLE_EXACT_DIGITS = 15;

/** The largest precision a decimal field may declare (PostgreSQL's numeric(precision, scale) limit). */
export const MAX_DECIMAL_PRECISION = 1000;

/** A decimal as digits and a power of ten: `units / 10^scale`. */
export interface ExactDecimal {
  units: bigint;
  scale: number;
}

/** The smallest and largest value a field takes, both included. */
export interface DecimalBounds {
  min: ExactDecimal;
  max: ExactDecimal;
}

/** Decimal text as a client may send it: a sign, digits, an optional fraction; no exponent, no `+`. */
const DECIMAL_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

/** A number's own text (String(n)), which may carry an exponent: 1e+21, 1.5e-7. */
const NUMBER_TEXT = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:e([+-]?[0-9]+))?$/;

/** The longest decimal text read: a sign, the point and 1000 digits on either side (far past any field's range). */
const MAX_TEXT_LENGTH = 2 * MAX_DECIMAL_PRECISION + 2;

/** Text already checked against DECIMAL_TEXT or a canonical pattern as a decimal. */
function decimalOfText(text: string): ExactDecimal {
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

/** A whole number as a decimal of scale 0 (how a wide integer is one). */
export function integerDecimal(units: bigint): ExactDecimal {
  return { units, scale: 0 };
}

/**
 * The source of the regular expression of canonical decimal text with exactly `scale` digits after the point: no
 * leading zeros, no `-` on a whole zero; `wholeDigits` caps the digits before the point (20 for a uint64).
 */
export function canonicalPattern(scale: number, wholeDigits?: number): string {
  const more = wholeDigits === undefined ? '[0-9]*' : `[0-9]{0,${wholeDigits - 1}}`;
  // With a fraction, a zero's `-` is refused by a look-ahead: `-0.000` is the only negative a whole 0 could start.
  return scale === 0 ? `^(0|-?[1-9]${more})$` : `^(?!-0\\.0{${scale}}$)-?(0|[1-9]${more})\\.[0-9]{${scale}}$`;
}

const canonicalExpressions = new Map<string, RegExp>();

/** True when a value is canonical decimal text of `scale` (and at most `wholeDigits` before the point). */
export function isCanonicalDecimal(value: unknown, scale: number, wholeDigits?: number): value is string {
  const pattern = canonicalPattern(scale, wholeDigits);
  let expression = canonicalExpressions.get(pattern);
  if (!expression) canonicalExpressions.set(pattern, (expression = new RegExp(pattern)));
  return typeof value === 'string' && expression.test(value);
}

/** Canonical decimal text (see `canonicalPattern`) as a decimal; anything else is undefined. */
export function parseCanonicalDecimal(value: unknown, scale: number, wholeDigits?: number): ExactDecimal | undefined {
  return isCanonicalDecimal(value, scale, wholeDigits) ? decimalOfText(value) : undefined;
}

/** A finite number as the shortest decimal that reads back as it (what `String(n)` writes); else undefined. */
export function numberDecimal(value: number): ExactDecimal | undefined {
  if (!Number.isFinite(value)) return undefined;
  const match = NUMBER_TEXT.exec(String(value));
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponent = '0'] = match as unknown as [string, string, string, string?, string?];
  const shift = Number(exponent) - fraction.length;
  const digits = BigInt(`${sign}${whole}${fraction}`);
  return shift >= 0 ? { units: digits * 10n ** BigInt(shift), scale: 0 } : { units: digits, scale: -shift };
}

/**
 * A value as an exact decimal: decimal text (leading zeros and any number of fraction digits allowed), or a finite
 * JSON number taken as the shortest decimal that reads back as it (what `String(n)` writes, and what PostgreSQL gets
 * when the number is sent as a parameter). Anything else is undefined.
 */
export function parseDecimal(value: unknown): ExactDecimal | undefined {
  if (typeof value === 'string') return DECIMAL_TEXT.test(value) && value.length <= MAX_TEXT_LENGTH ? decimalOfText(value) : undefined;
  if (typeof value === 'number') return numberDecimal(value);
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
export function significantScale(decimal: ExactDecimal): number {
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

/** True for a finite number whose shortest text has at most 15 significant digits: a double holds it exactly. */
export function numberIsExact(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const match = NUMBER_TEXT.exec(String(value));
  if (!match) return false;
  const digits = `${match[2]}${match[3] ?? ''}`.replace(/^0+/, '').replace(/0+$/, '');
  return digits.length <= DOUBLE_EXACT_DIGITS;
}

/**
 * A value as canonical text of `scale`: decimal text (trimmed) or a number that needs no more than `scale` digits
 * after the point and holds at most 15 significant digits (so it was exact as a double); anything else stays as it
 * is, for the validator to refuse (never rounded).
 */
export function normaliseDecimal(value: unknown, scale: number): unknown {
  if (typeof value === 'number' && !numberIsExact(value)) return value;
  const decimal = parseDecimal(typeof value === 'string' ? value.trim() : value);
  if (!decimal || significantScale(decimal) > scale) return value;
  return formatDecimal(decimal, scale);
}

/** Arabic-Indic (U+0660..) and Eastern Arabic-Indic (U+06F0..) digits and the Arabic decimal separator. */
const NATIVE_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u066b]/g;

/**
 * Typed number text with the digits of an Arabic keyboard read as 0-9 and its decimal separator (٫) as the point, so
 * "١٢٫٥" is "12.5". Other text is left as it is.
 */
export function latinDigits(typed: string): string {
  return typed.replace(NATIVE_DIGITS, (c) => {
    const code = c.charCodeAt(0);
    return code === 0x066b ? '.' : String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** Typed whole-number text (a sign, leading zeros) as the decimal string it spells ("+007" is "7"); else undefined. */
export function typedWholeNumber(typed: string): string | undefined {
  const text = typed.trim();
  return /^[+-]?\d+$/.test(text) ? BigInt(text).toString() : undefined;
}

/**
 * Decimal text as a person types it, read as decimal text: trimmed, a leading `+` dropped, and a decimal comma read
 * as the point when there is no point ("12,5" is "12.5"; "1.234,5" stays, for the parser to refuse).
 */
export function typedDecimalText(typed: string): string {
  const text = typed.trim().replace(/^\+/, '');
  return text.includes(',') && !text.includes('.') ? text.replace(',', '.') : text;
}

/** What numeric(precision, scale) holds: below 10^(precision - scale) in magnitude, `scale` digits after the point. */
export function numericBounds(precision: number, scale: number): DecimalBounds {
  const whole = Math.max(0, precision - scale);
  const max: ExactDecimal = { units: 10n ** BigInt(whole + scale) - 1n, scale };
  return { min: { units: -max.units, scale }, max };
}

/** A field's own bounds (either may be missing) kept within the widest its type holds: the tighter of each. */
export function tightenBounds(own: Partial<DecimalBounds>, widest: DecimalBounds): DecimalBounds {
  return {
    min: own.min && compareDecimals(own.min, widest.min) > 0 ? own.min : widest.min,
    max: own.max && compareDecimals(own.max, widest.max) < 0 ? own.max : widest.max,
  };
}

/** True when a decimal lies within bounds, both included. */
export function withinBounds(decimal: ExactDecimal, bounds: DecimalBounds): boolean {
  return compareDecimals(decimal, bounds.min) >= 0 && compareDecimals(decimal, bounds.max) <= 0;
}
