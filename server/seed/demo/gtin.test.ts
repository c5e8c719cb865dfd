import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, isValidGs1, withCheckDigit } from './gtin';

describe('GS1 check digits', () => {
  it('matches published numbers', () => {
    expect(withCheckDigit('400638133393')).toBe('4006381333931');
    expect(gs1CheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(isValidGs1('5901234123457')).toBe(true);
  });
  it('rejects a wrong digit and non-digits', () => {
    expect(isValidGs1('5901234123458')).toBe(false);
    expect(isValidGs1('59012341234A7')).toBe(false);
    expect(() => gs1CheckDigit('12a')).toThrow(RangeError);
  });
});
