import { describe, expect, it } from 'vitest';
import { dateOrder, formatDateText, formatDateTimeText, formatTimeText, parseDateText, parseDateTimeText, parseTimeText } from './local-date-text';

describe('dates in the UI language', () => {
  it('knows the order in which a language writes day, month and year', () => {
    expect(dateOrder('de')).toEqual(['day', 'month', 'year']);
    expect(dateOrder('en-US')).toEqual(['month', 'day', 'year']);
    expect(dateOrder('ja')).toEqual(['year', 'month', 'day']);
  });

  it('writes a stored date as the language does and reads it back', () => {
    expect(formatDateText('2026-03-07', 'de')).toBe('07.03.2026');
    expect(formatDateText('2026-03-07', 'en-US')).toBe('03/07/2026');
    for (const locale of ['de', 'en-US', 'en-GB', 'fr', 'ja', 'ar', 'ru', 'cs', 'it', 'es']) {
      expect(parseDateText(formatDateText('2026-03-07', locale), locale), locale).toBe('2026-03-07');
    }
  });

  it('reads the day first in German and the month first in American English, with any separator and short years', () => {
    expect(parseDateText('7.3.2026', 'de')).toBe('2026-03-07');
    expect(parseDateText('7/3/26', 'de')).toBe('2026-03-07');
    expect(parseDateText('3/7/2026', 'en-US')).toBe('2026-03-07');
    expect(parseDateText('2026-03-07', 'de')).toBe('2026-03-07'); // ISO whatever the language
  });

  it('reads Arabic-Indic digits', () => {
    expect(parseDateText('٧/٣/٢٠٢٦', 'ar')).toBe('2026-03-07');
  });

  it('refuses what is no date', () => {
    expect(parseDateText('31.02.2026', 'de')).toBeUndefined();
    expect(parseDateText('13/13/2026', 'en-US')).toBeUndefined();
    expect(parseDateText('7.3.', 'de')).toBeUndefined();
    expect(parseDateText('tomorrow', 'en-US')).toBeUndefined();
  });
});

describe('times in the UI language', () => {
  it('writes 24 hours in German and a day period in American English, seconds only when set', () => {
    expect(formatTimeText('14:30:00', 'de')).toBe('14:30');
    expect(formatTimeText('14:30:15', 'de')).toBe('14:30:15');
    expect(formatTimeText('14:30:00', 'en-US').replace(/\s/gu, ' ')).toBe('2:30 PM');
  });

  it('reads what it writes, day periods and times typed without a separator', () => {
    for (const locale of ['de', 'en-US', 'ar', 'ja', 'ko']) expect(parseTimeText(formatTimeText('14:30:00', locale), locale), locale).toBe('14:30:00');
    expect(parseTimeText('2:30 pm', 'en-US')).toBe('14:30:00');
    expect(parseTimeText('12:05 AM', 'en-US')).toBe('00:05:00');
    expect(parseTimeText('1430', 'de')).toBe('14:30:00');
    expect(parseTimeText('25:00', 'de')).toBeUndefined();
    expect(parseTimeText('13:00 PM', 'en-US')).toBeUndefined();
  });

  it('reads Arabic-Indic digits and the Arabic day period', () => {
    expect(parseTimeText('٢:٣٠ م', 'ar')).toBe('14:30:00');
    expect(parseTimeText('٩:٠٥ ص', 'ar')).toBe('09:05:00');
    expect(parseTimeText('١٤:٣٠', 'de')).toBe('14:30:00');
  });
});

describe('date-times in the UI language', () => {
  it('writes an instant in local time and reads it back as the same instant', () => {
    const instant = new Date(2026, 2, 7, 9, 5).toISOString();
    expect(formatDateTimeText(instant, 'de')).toBe('07.03.2026 9:05');
    for (const locale of ['de', 'en-US', 'ar', 'ja']) expect(parseDateTimeText(formatDateTimeText(instant, locale), locale), locale).toBe(instant);
    expect(parseDateTimeText('7.3.2026', 'de')).toBe(new Date(2026, 2, 7).toISOString()); // midnight when no time is typed
    expect(parseDateTimeText('7.3.2026 25:00', 'de')).toBeUndefined();
  });
});

describe('the ISO date style', () => {
  it('writes dates, times and date-times as ISO in every language, and reads back what it writes', () => {
    const instant = new Date(2026, 10, 29, 14, 5).toISOString();
    for (const locale of ['de', 'en-US', 'ar', 'ja']) {
      expect(formatDateText('2026-11-29', locale, 'iso'), locale).toBe('2026-11-29');
      expect(formatTimeText('14:05:00', locale, 'iso'), locale).toBe('14:05');
      expect(formatTimeText('14:05:30', locale, 'iso'), locale).toBe('14:05:30');
      expect(formatDateTimeText(instant, locale, 'iso'), locale).toBe('2026-11-29 14:05');
      expect(parseDateText(formatDateText('2026-11-29', locale, 'iso'), locale), locale).toBe('2026-11-29');
      expect(parseTimeText('14:05', locale), locale).toBe('14:05:00');
      expect(parseDateTimeText(formatDateTimeText(instant, locale, 'iso'), locale), locale).toBe(instant);
    }
    // The language's style stays the default.
    expect(formatDateText('2026-11-29', 'de')).toBe('29.11.2026');
  });
});
