import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format-number';

describe('number and date formats', () => {
  it('follow the UI language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    const date = new Date(Date.UTC(2025, 0, 14, 12));
    expect(formatDate(date, 'en', { dateStyle: 'short', timeZone: 'UTC' })).toBe('1/14/25');
    expect(formatDate(date, 'de', { dateStyle: 'short', timeZone: 'UTC' })).toBe('14.01.25');
  });
});
