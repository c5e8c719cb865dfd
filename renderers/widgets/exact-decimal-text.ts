import { DOUBLE_EXACT_DIGITS, formatNumberValue, normaliseDecimal, parseDecimal, typedDecimalText, type DecimalRange, type FieldModel } from '../../schemas';

/**
 * An exact decimal (schemas/exact-decimal.ts: a decimal field with more digits than a double holds) as the number and
 * currency boxes edit it: its value is canonical decimal text, never a JS number, from the typed text to the
 * read-only view, so no digit is lost past the fifteenth.
 */

/** Decimal text as it is typed: an exponent would be a second way to write the same digits, so it is refused. */
export const EXACT_TYPING = /^[+-]?\d*([.,]\d*)?$/;

/**
 * The value of typed decimal text: empty is null when the field is nullable, else zero with the field's scale;
 * "12,5" reads 12.5 and "+0012.5" is "12.5000" (the field's scale written out). Text with more digits after the point
 * than the scale, or halfway ("12.", "-"), stays as typed, for the validator to judge (never rounded).
 */
export function exactDecimalValue(typed: string, scale: number, nullable: boolean): unknown {
  const text = typedDecimalText(typed);
  if (text === '') return nullable ? null : normaliseDecimal('0', scale);
  return normaliseDecimal(text, scale);
}

/**
 * An exact decimal's value as a read-only box shows it: grouped in the UI language with every digit of its scale
 * (an amount with its currency as well), the text going to Intl as it is, not through a double. Undefined for a value
 * that is no decimal text (the box then shows it as stored).
 */
export function formatExactDecimal(value: unknown, range: DecimalRange, options: { locale: string; usage?: FieldModel['usage']; currency?: string }): string | undefined {
  if (typeof value !== 'string' || parseDecimal(value) === undefined) return undefined;
  // Any precision above DOUBLE_EXACT_DIGITS makes the format an exact decimal's; the scale decides the digits.
  const field = { type: 'Number', managedType: 'decimal', precision: DOUBLE_EXACT_DIGITS + 1, scale: range.scale, ...(options.usage ? { usage: options.usage } : {}) } as const;
  return formatNumberValue(field, value as `${number}`, { locale: options.locale, currency: options.currency });
}
