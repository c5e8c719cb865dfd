/**
 * Dates and times as the user writes them in the UI language, for the
 * date, time and date-time boxes. A native `<input type="date">` follows the browser's language instead, so a German
 * user with an English browser would have to type month first. Formatting uses Intl; reading accepts the locale's
 * order of day, month and year with any separators, native digits (Arabic-Indic and others) and ISO text.
 * With the ISO date style (the back office's formats.dateFormat) they are written 2026-12-31, 23:59 and
 * 2026-12-31 23:59 in every language; reading is the same (ISO text is always read).
 */

import type { DateStyle } from '../../schemas';

type DatePart = 'day' | 'month' | 'year';

const orders = new Map<string, DatePart[]>();
const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' };
const timeOptions = (seconds: boolean): Intl.DateTimeFormatOptions => ({ hour: 'numeric', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), timeZone: 'UTC' });

/** The order in which the locale writes day, month and year ("de": day, month, year; "en-US": month, day, year). */
export function dateOrder(locale: string): DatePart[] {
  let order = orders.get(locale);
  if (!order) {
    const parts = dateFormat(locale, DATE_OPTIONS).formatToParts(Date.UTC(2026, 11, 31));
    order = parts.map((part) => part.type).filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
    orders.set(locale, order);
  }
  return order;
}

/** Any Unicode decimal digit as its ASCII digit, so "٢٤" reads as "24". */
function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => {
    // Unicode decimal digits come in runs of ten, zero first: a digit's value is its distance from the run's start.
    let start = digit.codePointAt(0)!;
    while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
    return String((digit.codePointAt(0)! - start) % 10);
  });
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isoDate(year: number, month: number, day: number): string | undefined {
  const at = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || year > 9999 || at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The numbers of a text (native digits read as ASCII). */
function numbers(text: string): string[] {
  return asciiDigits(text).match(/\d+/g) ?? [];
}

function readDate(groups: string[], locale: string): string | undefined {
  const [first = '', second = '', third = ''] = groups;
  if (groups.length < 3) return undefined;
  // ISO order (2026-12-31) whatever the locale: a four-digit first number is a year.
  if (first.length === 4) return isoDate(Number(first), Number(second), Number(third));
  const values: Record<DatePart, number> = { day: 0, month: 0, year: 0 };
  dateOrder(locale).forEach((part, i) => (values[part] = Number(groups[i])));
  const yearText = groups[dateOrder(locale).indexOf('year')] ?? '';
  if (yearText.length <= 2) values.year += 2000; // "31.12.26"
  return isoDate(values.year, values.month, values.day);
}

/** The locale's words for before and after noon ("AM"/"PM", "ص"/"م"), lower case; empty when it writes 24 hours. */
function dayPeriods(locale: string): { am: string; pm: string } | undefined {
  const format = dateFormat(locale, timeOptions(false));
  if (!format.resolvedOptions().hour12) return undefined;
  const period = (hour: number) => format.formatToParts(Date.UTC(1970, 0, 1, hour)).find((part) => part.type === 'dayPeriod')?.value.toLocaleLowerCase(locale);
  const am = period(9);
  const pm = period(21);
  return am && pm ? { am, pm } : undefined;
}

function readTime(groups: string[], text: string, locale: string): string | undefined {
  if (groups.length < 1 || groups.length > 3) return undefined;
  const [hours = 0, minutes = 0, second = 0] = groups.map(Number);
  let hour = hours;
  let minute = minutes;
  const [only = ''] = groups;
  if (groups.length === 1) {
    // "1430" or "14": hours and minutes typed without a separator.
    if (only.length > 4) return undefined;
    hour = Number(only.slice(0, only.length > 2 ? -2 : undefined));
    minute = only.length > 2 ? Number(only.slice(-2)) : 0;
  }
  const lower = text.toLocaleLowerCase(locale);
  const periods = dayPeriods(locale);
  const pm = /\bp\.?\s?m\b/.test(lower) || (periods !== undefined && lower.includes(periods.pm));
  const am = !pm && (/\ba\.?\s?m\b/.test(lower) || (periods !== undefined && lower.includes(periods.am)));
  if ((am || pm) && (hour < 1 || hour > 12)) return undefined;
  if (pm) hour = (hour % 12) + 12;
  else if (am) hour %= 12;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return `${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** A stored date (YYYY-MM-DD) as the locale writes it with two-digit day and month ("31.12.2026", "12/31/2026"). */
export function formatDateText(value: string, locale: string, style: DateStyle = 'language'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  if (style === 'iso') return `${match[1]}-${match[2]}-${match[3]}`;
  return dateFormat(locale, DATE_OPTIONS).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A date typed in the locale's order as YYYY-MM-DD; undefined when it is no date. */
export function parseDateText(text: string, locale: string): string | undefined {
  const groups = numbers(text);
  return groups.length === 3 ? readDate(groups, locale) : undefined;
}

/** A stored time (HH:MM[:SS]) as the locale writes it ("14:30", "2:30 PM"); seconds only when there are some. */
export function formatTimeText(value: string, locale: string, style: DateStyle = 'language'): string {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return value;
  const seconds = Number(match[3] ?? 0);
  if (style === 'iso') return `${match[1]}:${match[2]}${seconds !== 0 ? `:${match[3]}` : ''}`;
  return dateFormat(locale, timeOptions(seconds !== 0)).format(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2]), seconds));
}

/** A time typed as the locale writes it (24 hours, or 12 with its day period) as HH:MM:SS; undefined when it is none. */
export function parseTimeText(text: string, locale: string): string | undefined {
  return readTime(numbers(text), text, locale);
}

/** A stored instant (ISO, UTC) as the locale writes its date and time in the user's time zone. */
export function formatDateTimeText(value: string, locale: string, style: DateStyle = 'language'): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const date = `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  return `${formatDateText(date, locale, style)} ${formatTimeText(time, locale, style)}`;
}

/** A date and time typed in the locale (the user's time zone) as an ISO instant in UTC; undefined when it is none. */
export function parseDateTimeText(text: string, locale: string): string | undefined {
  const groups = numbers(text);
  if (groups.length < 3) return undefined;
  const date = readDate(groups.slice(0, 3), locale);
  const time = groups.length === 3 ? '00:00:00' : readTime(groups.slice(3), text, locale);
  if (!date || !time) return undefined;
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number);
  return new Date(year, month - 1, day, hour, minute, second).toISOString();
}
