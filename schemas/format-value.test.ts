import { describe, expect, it } from 'vitest';
import type { FieldModel } from './entity-document';
import { fieldCurrency, formatFieldText, isNumericDisplay } from './format-value';

const price: FieldModel = { name: 'Price', type: 'Number', managedType: 'decimal', usage: 'CurrencyAmount' };
const rate: FieldModel = { name: 'Rate', type: 'Number', managedType: 'decimal' };
const count: FieldModel = { name: 'Count', type: 'Number', managedType: 'int32' };
const percent: FieldModel = { name: 'Vat', type: 'Number', managedType: 'decimal', usage: 'Percent' };
const day: FieldModel = { name: 'ValidFrom', type: 'String', usage: 'Date' };
const instant: FieldModel = { name: 'Changed', type: 'String', usage: 'DateTime' };
const time: FieldModel = { name: 'Opens', type: 'String', usage: 'Time' };
// Intl separates some units with a narrow no-break space; the tests compare with plain spaces.
const text = (...args: Parameters<typeof formatFieldText>) => formatFieldText(...args).replace(/[\u00a0\u202f]/g, ' ');

describe('formatFieldText', () => {
  it('keeps a managed decimal\'s trailing zero and groups thousands in the locale', () => {
    expect(text(rate, 4.1, { locale: 'en' })).toBe('4.10');
    expect(text(rate, 1234.5, { locale: 'en' })).toBe('1,234.50');
    expect(text(rate, 1234.5, { locale: 'de' })).toBe('1.234,50');
    expect(text(rate, 0.125, { locale: 'en' })).toBe('0.125');
  });

  it('shows whole numbers of an integer type without decimals, grouped', () => {
    expect(text(count, 1234567, { locale: 'en' })).toBe('1,234,567');
    expect(text(count, 1234567, { locale: 'de' })).toBe('1.234.567');
  });

  it('shows a currency amount with its currency and the currency\'s decimals, differently in German and Japanese', () => {
    expect(text(price, 1234.5, { locale: 'en' })).toBe('€1,234.50');
    expect(text(price, 1234.5, { locale: 'de' })).toBe('1.234,50 €');
    expect(text(price, 1234.5, { locale: 'ja', currency: 'JPY' })).toBe('￥1,235');
    expect(text(price, 4.1, { locale: 'de', currency: 'chf' })).toBe('4,10 CHF');
    expect(text(price, 4.1, { locale: 'en', currency: 'not a code' })).toBe('€4.10');
  });

  it('shows a percentage with the locale\'s percent sign', () => {
    expect(text(percent, 19, { locale: 'en' })).toBe('19.00%');
    expect(text(percent, 19, { locale: 'de' })).toBe('19,00 %');
  });

  it('shows a date as the same calendar day in the locale, whatever the time zone', () => {
    expect(text(day, '2024-05-01', { locale: 'en' })).toBe('May 1, 2024');
    expect(text(day, '2024-05-01', { locale: 'de' })).toBe('01.05.2024');
    expect(text(day, '2024-05-01', { locale: 'ja' })).toBe('2024/05/01');
  });

  it('shows a date-time in the user\'s time zone and a time of day in the locale', () => {
    const at = new Date('2024-05-01T12:30:00Z');
    expect(text(instant, '2024-05-01T12:30:00Z', { locale: 'de' })).toBe(new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(at).replace(/[\u00a0\u202f]/g, ' '));
    expect(text(time, '14:05:00', { locale: 'en' })).toBe('2:05 PM');
    expect(text(time, '14:05:00', { locale: 'de' })).toBe('14:05');
  });

  it('writes dates, date-times and times as ISO in every language when the date style is iso', () => {
    for (const locale of ['en', 'de', 'ar', 'ja']) {
      expect(text(day, '2026-11-29', { locale, dateStyle: 'iso' })).toBe('2026-11-29');
      expect(text(time, '14:05:00', { locale, dateStyle: 'iso' })).toBe('14:05');
      expect(text(time, '14:05:30', { locale, dateStyle: 'iso' })).toBe('14:05:30');
    }
    // A date-time is an instant: its day and time in the user's time zone, as the language style shows it.
    const at = new Date('2026-11-29T14:05:00Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
    expect(text(instant, '2026-11-29T14:05:00Z', { locale: 'ar', dateStyle: 'iso' })).toBe(local);
    // The language style is the default and stays as it was.
    expect(text(day, '2026-11-29', { locale: 'de', dateStyle: 'language' })).toBe('29.11.2026');
    expect(text(day, 'soon', { locale: 'en', dateStyle: 'iso' })).toBe('soon');
  });

  it('leaves text that is no date, an empty value and unknown fields as stored', () => {
    expect(text(day, 'soon', { locale: 'en' })).toBe('soon');
    expect(text(rate, null, { locale: 'en' })).toBe('');
    expect(text(undefined, true, { locale: 'en', yes: 'Yes' })).toBe('Yes');
    expect(text(undefined, { a: 1 }, { locale: 'en' })).toBe('{"a":1}');
  });

  it('right-aligns numbers but not lookups and enums stored as numbers', () => {
    expect(isNumericDisplay(price)).toBe(true);
    expect(isNumericDisplay({ type: 'Number', usage: 'Lookup' })).toBe(false);
    expect(isNumericDisplay({ type: 'Number', usage: 'Enum' })).toBe(false);
    expect(isNumericDisplay(day)).toBe(false);
  });
});

describe('fieldCurrency', () => {
  const fields: FieldModel[] = [price, { name: 'Currency', type: 'String', usage: 'CurrencyCode' }, { name: 'Balance', type: 'Object', properties: [price] }];
  it('reads the sibling CurrencyCode field of the amount, and none for an amount without one', () => {
    expect(fieldCurrency(fields, 'Price', { Currency: 'chf' })).toBe('CHF');
    expect(fieldCurrency(fields, 'Price', { Currency: '' })).toBeUndefined();
    expect(fieldCurrency(fields, 'Balance.Price', { Currency: 'CHF', Balance: { Price: 1 } })).toBeUndefined();
  });
});
