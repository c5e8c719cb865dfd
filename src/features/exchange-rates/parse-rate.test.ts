import { describe, expect, it } from 'vitest';
import { currencyCode, parseRate } from './parse-rate';

describe('parseRate', () => {
  it('reads a rate in the user’s language', () => {
    expect(parseRate('1.0512', 'en')).toEqual({ ok: true, value: 1.0512 });
    expect(parseRate('1,234.5', 'en')).toEqual({ ok: true, value: 1234.5 });
    expect(parseRate('1.234,5', 'de')).toEqual({ ok: true, value: 1234.5 });
    expect(parseRate('0,8571', 'fr')).toEqual({ ok: true, value: 0.8571 });
    expect(parseRate(' 162,5 ', 'cs')).toEqual({ ok: true, value: 162.5 });
    expect(parseRate('١٫٥', 'ar')).toEqual({ ok: true, value: 1.5 });
  });

  it('takes a pasted point as the decimal mark where the comma is usual', () => {
    expect(parseRate('1.0512', 'de')).toEqual({ ok: true, value: 1.0512 });
  });

  it('names what is wrong', () => {
    expect(parseRate('', 'en')).toEqual({ ok: false, problem: 'empty' });
    expect(parseRate('abc', 'en')).toEqual({ ok: false, problem: 'not-a-number' });
    expect(parseRate('-1', 'en')).toEqual({ ok: false, problem: 'not-a-number' });
    expect(parseRate('0', 'en')).toEqual({ ok: false, problem: 'too-small' });
    expect(parseRate('2000000000', 'en')).toEqual({ ok: false, problem: 'too-large' });
    expect(parseRate('1.123456789', 'en')).toEqual({ ok: false, problem: 'too-precise' });
  });
});

describe('currencyCode', () => {
  it('accepts three letters in any case and nothing else', () => {
    expect(currencyCode(' usd ')).toBe('USD');
    expect(currencyCode('US')).toBeUndefined();
    expect(currencyCode('U$D')).toBeUndefined();
  });
});
