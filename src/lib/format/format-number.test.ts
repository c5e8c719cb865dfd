import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format-number';
import { setDateStyle } from './date-style';

describe('number and date formats', () => {
  it('follow the UI language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    const date = new Date(Date.UTC(2025, 0, 14, 12));
    expect(formatDate(date, 'en', { dateStyle: 'short', timeZone: 'UTC' })).toBe('1/14/25');
    expect(formatDate(date, 'de', { dateStyle: 'short', timeZone: 'UTC' })).toBe('14.01.25');
  });
});

describe('dates in the ISO style', () => {
  it('writes whole dates and date-times as ISO in every language, and leaves parts of a date in the language', () => {
    const date = new Date(Date.UTC(2026, 10, 29, 14, 5, 30));
    for (const locale of ['en', 'de', 'ar']) {
      expect(formatDate(date, locale, { dateStyle: 'short', timeZone: 'UTC' }, 'iso')).toBe('2026-11-29');
      expect(formatDate(date, locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }, 'iso')).toBe('2026-11-29 14:05');
      expect(formatDate(date, locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' }, 'iso')).toBe('2026-11-29 14:05:30');
    }
    // A document's own time zone is kept.
    expect(formatDate(date, 'en', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Tokyo' }, 'iso')).toBe('2026-11-29 23:05');
    expect(formatDate(date, 'en', { month: 'short', timeZone: 'UTC' }, 'iso')).toBe('Nov');
    expect(formatDate(date, 'de', { dateStyle: 'short', timeZone: 'UTC' }, 'language')).toBe('29.11.26');
  });

  it('follows the date style in force when none is given', () => {
    const date = new Date(Date.UTC(2026, 10, 29, 12));
    try {
      setDateStyle('iso');
      expect(formatDate(date, 'de', { dateStyle: 'short', timeZone: 'UTC' })).toBe('2026-11-29');
    } finally {
      setDateStyle('language');
    }
    expect(formatDate(date, 'de', { dateStyle: 'short', timeZone: 'UTC' })).toBe('29.11.26');
  });
});
