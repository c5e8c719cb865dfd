import { describe, expect, it } from 'vitest';
import { compareCodePoints, compareValues } from './compare-values';

describe('compareValues', () => {
  it('orders numbers numerically', () => {
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(compareValues(-1, -2)).toBeGreaterThan(0);
    expect(compareValues(0.1, 0.1)).toBe(0);
  });
  it('leaves NaN and mixed or non-scalar pairs unordered', () => {
    expect(compareValues(Number.NaN, 1)).toBeUndefined();
    expect(compareValues(1, '1')).toBeUndefined();
    expect(compareValues(true, false)).toBeUndefined();
    expect(compareValues(null, null)).toBeUndefined();
    expect(compareValues(undefined, 1)).toBeUndefined();
    expect(compareValues([1], [1])).toBeUndefined();
  });
  it('orders strings as text, not as numbers', () => {
    expect(compareValues('10', '9')).toBeLessThan(0);
  });
  it('orders canonical ISO date-times chronologically, a date before the times of its day', () => {
    expect(compareValues('2024-03-01T10:00:00.000Z', '2024-03-01T10:00:00.001Z')).toBeLessThan(0);
    expect(compareValues('2024-02-29T23:59:59.999Z', '2024-03-01')).toBeLessThan(0);
    expect(compareValues('2024-03-01', '2024-03-01T00:00:00.000Z')).toBeLessThan(0);
  });
});

describe('compareCodePoints', () => {
  it('agrees with UTF-8 byte order where UTF-16 order does not', () => {
    const astral = '\u{1F600}';
    const high = '\uFF01';
    expect(astral < high).toBe(true); // JavaScript's own order, which SQL COLLATE "C" does not share
    expect(compareCodePoints(astral, high)).toBeGreaterThan(0);
    expect(compareCodePoints(high, astral)).toBeLessThan(0);
    // Reference order: the sequences of code points (which is also the order of their UTF-8 bytes).
    const reference = (a: string, b: string) => {
      const x = [...a].map((c) => c.codePointAt(0)!);
      const y = [...b].map((c) => c.codePointAt(0)!);
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return Math.sign(x[i]! - y[i]!);
      return Math.sign(x.length - y.length);
    };
    const words = ['', 'a', 'B', 'ab', 'é', '\uFF01', '\u{1F600}', '\u{1F601}', 'a\u{1F600}', 'a\uE000', 'z'];
    for (const a of words) for (const b of words) expect(Math.sign(compareCodePoints(a, b))).toBe(reference(a, b));
  });
  it('puts a prefix first', () => {
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
    expect(compareCodePoints('abc', 'ab')).toBeGreaterThan(0);
    expect(compareCodePoints('', '')).toBe(0);
  });
});
