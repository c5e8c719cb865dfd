import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyDecimals, DEFAULT_CURRENCY, parseCurrencyAmount, parseCurrencyAmountText, roundToCurrency } from './currency';

describe('currencyDecimals', () => {
  it('follows ISO 4217 minor units', () => {
    for (const code of ['JPY', 'KRW', 'CLP', 'VND', 'ISK', 'XOF', 'UYI']) expect(currencyDecimals(code)).toBe(0);
    for (const code of ['BHD', 'OMR', 'KWD', 'TND', 'IQD', 'JOD', 'LYD']) expect(currencyDecimals(code)).toBe(3);
    for (const code of ['EUR', 'USD', 'CHF', 'HUF']) expect(currencyDecimals(code)).toBe(2);
    expect(currencyDecimals('jpy')).toBe(0);
  });
});

describe('roundToCurrency', () => {
  it('rounds to the currency decimals, half away from zero', () => {
    expect(roundToCurrency(1.005, 'EUR')).toBe(1.01);
    expect(roundToCurrency(-1.005, 'EUR')).toBe(-1.01);
    expect(roundToCurrency(1234.5, 'JPY')).toBe(1235);
    expect(roundToCurrency(1.2345, 'BHD')).toBe(1.235);
    expect(roundToCurrency(2.675)).toBe(2.68);
    expect(roundToCurrency(1e-7, 'EUR')).toBe(0);
    expect(Object.is(roundToCurrency(-0.001, 'EUR'), -0)).toBe(false);
  });

  it('is idempotent and moves a value by at most half a minor unit (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.constantFrom('EUR', 'JPY', 'BHD'), (amount, currency) => {
        const rounded = roundToCurrency(amount, currency);
        expect(roundToCurrency(rounded, currency)).toBe(rounded);
        expect(Math.abs(rounded - amount)).toBeLessThanOrEqual(0.5 / 10 ** currencyDecimals(currency) + 1e-6);
      }),
    );
  });
});

describe('parseCurrencyAmount', () => {
  it('reads "CUR amount", "amount CUR" and a bare amount', () => {
    expect(parseCurrencyAmount('EUR 12.5')).toEqual({ currency: 'EUR', amount: 12.5 });
    expect(parseCurrencyAmount('12.5 usd')).toEqual({ currency: 'USD', amount: 12.5 });
    expect(parseCurrencyAmount('12,50')).toEqual({ currency: DEFAULT_CURRENCY, amount: 12.5 });
    expect(parseCurrencyAmount('-3', 'CHF')).toEqual({ currency: 'CHF', amount: -3 });
  });

  it('reads thousands separators of both conventions', () => {
    expect(parseCurrencyAmount('1.234,56 EUR')).toEqual({ currency: 'EUR', amount: 1234.56 });
    expect(parseCurrencyAmount('USD 1,234.56')).toEqual({ currency: 'USD', amount: 1234.56 });
  });

  it('refuses anything else', () => {
    for (const text of ['', 'EUR', 'abc', '12 EURO', 'EUR 12 USD', '1.2.3', '1,2,3', '12 34']) {
      expect(parseCurrencyAmount(text)).toBeNull();
      expect(parseCurrencyAmountText(text)).toBeNull();
    }
  });
});

describe('parseCurrencyAmountText', () => {
  it('keeps every digit of a long amount as plain decimal text, whatever the separators', () => {
    expect(parseCurrencyAmountText('EUR 1234567890123456789012345678.91')).toEqual({ currency: 'EUR', amount: '1234567890123456789012345678.91' });
    expect(parseCurrencyAmountText('1.234.567.890.123.456.789.012.345.678,91 chf')).toEqual({ currency: 'CHF', amount: '1234567890123456789012345678.91' });
    expect(parseCurrencyAmountText('+.5')).toEqual({ currency: DEFAULT_CURRENCY, amount: '0.5' });
    expect(parseCurrencyAmountText('-12.')).toEqual({ currency: DEFAULT_CURRENCY, amount: '-12' });
    expect(parseCurrencyAmountText('0012,50')).toEqual({ currency: DEFAULT_CURRENCY, amount: '0012.50' });
  });
});
