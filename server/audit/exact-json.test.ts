import { describe, expect, it } from 'vitest';
import { parseExactJson } from './exact-json';

describe('parseExactJson', () => {
  it('keeps integers past 2^53 as their decimal text, at any depth', () => {
    expect(parseExactJson('{"Unsigned": 18446744073709551615, "Pair": {"old": -9223372036854775808, "new": 9007199254740993}}')).toEqual({
      Unsigned: '18446744073709551615',
      Pair: { old: '-9223372036854775808', new: '9007199254740993' },
    });
    expect(parseExactJson('[9223372036854775807]')).toEqual(['9223372036854775807']);
  });

  it('keeps decimals a double would round as their decimal text (exact decimals, numeric(30,4))', () => {
    expect(parseExactJson('{"Amount": 12345678901234567890123456.7891, "Pair": {"old": 12345678901234567.5, "new": 1.5000}}')).toEqual({
      Amount: '12345678901234567890123456.7891',
      Pair: { old: '12345678901234567.5', new: 1.5 },
    });
  });

  it('parses everything else as JSON.parse does', () => {
    const text = '{"a": 9007199254740991, "b": -9007199254740991, "c": 1.5e300, "d": 0.30000000000000004, "e": null, "f": [true, false, 0, -0.25, 4.10], "g": "x"}';
    expect(parseExactJson(text)).toEqual(JSON.parse(text));
  });

  it('leaves digits inside strings alone, escaped quotes included', () => {
    expect(parseExactJson('{"t": "18446744073709551615", "q": "say \\"99999999999999999999\\" twice", "k\\\\": 1}')).toEqual({
      t: '18446744073709551615',
      q: 'say "99999999999999999999" twice',
      'k\\': 1,
    });
  });

  it('refuses what is not JSON', () => {
    expect(() => parseExactJson('{"a": 12345678901234567890')).toThrow(SyntaxError);
  });
});
