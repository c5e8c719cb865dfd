import { asksForDate, asksForTime, isoText, type DateStyle } from '../../../schemas';
import { currentDateStyle } from './date-style';

/** A number in the UI language's format. */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/**
 * A date (and time when asked) in the UI language's format, or as ISO (2026-11-29, 2026-11-29 14:05) when the date
 * style in force is ISO (src/lib/format/date-style.ts). Options for a part of a date (a month's name, a weekday: chart
 * labels) stay in the language.
 */
export function formatDate(value: Date | string | number, locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }, style: DateStyle = currentDateStyle()): string {
  const at = new Date(value);
  if (style === 'iso' && asksForDate(options) && !Number.isNaN(at.getTime())) {
    return isoText(at, { time: asksForTime(options), seconds: options.timeStyle === 'medium' || options.timeStyle === 'long' || options.second !== undefined, timeZone: options.timeZone });
  }
  return new Intl.DateTimeFormat(locale, options).format(at);
}
