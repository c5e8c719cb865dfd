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

  it('parses everything else as JSON.parse does', () => {
    const text = '{"a": 9007199254740991, "b": -9007199254740991, "c": 1.5e300, "d": 12345678901234567.5, "e": null, "f": [true, false, 0, -0.25], "g": "x"}';
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
