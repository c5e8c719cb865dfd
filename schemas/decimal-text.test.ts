import { describe, expect, it } from 'vitest';
import {
  canonicalPattern, compareDecimals, formatDecimal, integerDecimal, isCanonicalDecimal, normaliseDecimal, numericBounds, parseCanonicalDecimal, parseDecimal,
  latinDigits, tightenBounds, typedDecimalText, typedWholeNumber, withinBounds, type ExactDecimal,
} from './decimal-text';

const d = (units: bigint, scale = 0): ExactDecimal => ({ units, scale });
/** A decimal as the text it is, to compare values rather than representations (1.50 and 1.5 are equal). */
const text = (decimal: ExactDecimal | undefined) => (decimal === undefined ? undefined : formatDecimal(decimal, decimal.scale));

describe('decimal text', () => {
  it('reads a sign, leading zeros and any fraction as written, exactly', () => {
    expect(parseDecimal('-12.50')).toEqual(d(-1250n, 2));
    expect(parseDecimal('0012.5')).toEqual(d(125n, 1));
    expect(parseDecimal('123456789012345678901234567890.123456789')).toEqual(d(123456789012345678901234567890123456789n, 9));
    expect(parseDecimal(-0.5)).toEqual(d(-5n, 1));
  });

  it('refuses an exponent, a plus sign, a bare point, spaces and text too long for any field', () => {
    for (const value of ['1e5', '1E5', '+1', '1.', '.5', ' 1', '1 ', '--1', '1,5', '', '0x10']) expect(parseDecimal(value), value).toBeUndefined();
    expect(parseDecimal('9'.repeat(2002))).toBeDefined();
    expect(parseDecimal('9'.repeat(2003))).toBeUndefined();
    expect(parseDecimal(Number.NaN)).toBeUndefined();
    expect(parseDecimal(Infinity)).toBeUndefined();
    expect(parseDecimal(true)).toBeUndefined();
  });

  it('reads a number as the shortest decimal that reads back as it, the exponent written out', () => {
    expect(text(parseDecimal(1e21))).toBe('1000000000000000000000');
    expect(text(parseDecimal(1.5e-7))).toBe('0.00000015');
    expect(text(parseDecimal(0.1 + 0.2))).toBe('0.30000000000000004');
  });

  it('writes "-0" and "-0.00" as zero without a sign, leading zeros dropped, the scale padded', () => {
    expect(normaliseDecimal('-0', 0)).toBe('0');
    expect(normaliseDecimal('-0.00', 2)).toBe('0.00');
    expect(normaliseDecimal(-0, 2)).toBe('0.00');
    expect(normaliseDecimal('-007.1', 3)).toBe('-7.100');
    expect(normaliseDecimal(' 5 ', 0)).toBe('5');
  });

  it('leaves what needs more fraction digits than the scale, an exponent or an inexact number as it is: never rounded', () => {
    expect(normaliseDecimal('1.005', 2)).toBe('1.005');
    expect(normaliseDecimal('1.00500', 3)).toBe('1.005');
    expect(normaliseDecimal('1e2', 2)).toBe('1e2');
    expect(normaliseDecimal(2 ** 60, 0)).toBe(2 ** 60);
    expect(normaliseDecimal(123456789012345, 0)).toBe('123456789012345');
  });

  it('takes as canonical only text without leading zeros and with exactly the scale, wide integers at scale 0', () => {
    expect(canonicalPattern(0, 20)).toBe('^(0|-?[1-9][0-9]{0,19})$');
    expect(parseCanonicalDecimal('-9223372036854775808', 0, 20)).toEqual(d(-9223372036854775808n));
    expect(parseCanonicalDecimal('184467440737095516150', 0, 20)).toBeUndefined();
    expect(parseCanonicalDecimal('184467440737095516150', 0)).toEqual(d(184467440737095516150n));
    for (const value of ['-0', '007', '1.0', '1e3', ' 1', 7]) expect(isCanonicalDecimal(value, 0), String(value)).toBe(false);
    expect(parseCanonicalDecimal('-12.50', 2)).toEqual(d(-1250n, 2));
    for (const value of ['12.5', '12.500', '012.50', '12']) expect(isCanonicalDecimal(value, 2), value).toBe(false);
    // A zero has no sign in canonical text (what normaliseDecimal writes); a small negative keeps its `-`.
    expect(isCanonicalDecimal('-0.00', 2)).toBe(false);
    expect(parseCanonicalDecimal('-0.01', 2)).toEqual(d(-1n, 2));
    expect(isCanonicalDecimal('0.00', 2)).toBe(true);
  });

  it('orders decimals of different scales by value', () => {
    expect(compareDecimals(d(150n, 2), d(15n, 1))).toBe(0);
    expect(compareDecimals(d(-1n, 0), d(-5n, 1))).toBe(-1);
    expect(compareDecimals(d(10n ** 30n, 0), d(10n ** 30n - 1n, 0))).toBe(1);
  });

  it('bounds a field by what numeric(precision, scale) holds, tightened by its own min and max, both included', () => {
    const widest = numericBounds(5, 2);
    expect([text(widest.min), text(widest.max)]).toEqual(['-999.99', '999.99']);
    expect(text(numericBounds(2, 4).max)).toBe('0.9999');
    const tightened = tightenBounds({ min: d(-5n, 1), max: d(10000n, 1) }, widest);
    expect([text(tightened.min), text(tightened.max)]).toEqual(['-0.5', '999.99']);
    expect(tightenBounds({}, widest)).toEqual(widest);
    expect(withinBounds(d(-5n, 1), tightened)).toBe(true);
    expect(withinBounds(d(99999n, 2), tightened)).toBe(true);
    expect(withinBounds(d(-51n, 2), tightened)).toBe(false);
    expect(withinBounds(d(100000n, 2), tightened)).toBe(false);
    expect(withinBounds(integerDecimal(18446744073709551615n), { min: integerDecimal(0n), max: integerDecimal(2n ** 64n - 1n) })).toBe(true);
  });

  it('reads typed decimal text: trimmed, without a leading plus, a lone decimal comma as the point', () => {
    expect(typedDecimalText(' +0012,50 ')).toBe('0012.50');
    expect(typedDecimalText('-3,25')).toBe('-3.25');
    expect(typedDecimalText('1.234,5')).toBe('1.234,5');
    expect(typedDecimalText('7')).toBe('7');
  });

  it('reads the digits of an Arabic keyboard and its decimal separator as 0-9 and the point, other text as it is', () => {
    expect(latinDigits('١٢٣٤٥٦٧٨٩٠٫٥')).toBe('1234567890.5');
    expect(latinDigits('۱۲۳۴۵۶۷۸۹۰')).toBe('1234567890');
    expect(latinDigits('-12,5 EUR')).toBe('-12,5 EUR');
  });

  it('reads typed whole numbers as the decimal string they spell, every digit kept', () => {
    expect(typedWholeNumber(' +0018446744073709551615 ')).toBe('18446744073709551615');
    expect(typedWholeNumber('-0')).toBe('0');
    expect(typedWholeNumber('12.5')).toBeUndefined();
    expect(typedWholeNumber('')).toBeUndefined();
  });
});
