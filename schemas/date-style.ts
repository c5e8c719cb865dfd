/**
 * How dates are written: the back office setting `formats.dateFormat` (docs/settings.md "What the back office
 * settings do"). 'language' writes them as the user's language does (Intl); 'iso' as ISO 8601 in every language:
 * 2026-11-29, with a time 2026-11-29 14:05 (24 hours, Latin digits). Pure ECMAScript: the grid's formatter, the
 * editor's date boxes and the app's formatters share it.
 */
export type DateStyle = 'language' | 'iso';

export const DATE_STYLES: readonly DateStyle[] = ['language', 'iso'];

/** A stored setting value as a date style; anything else is the language's. */
export const dateStyleOf = (value: unknown): DateStyle => (value === 'iso' ? 'iso' : 'language');

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** Numeric parts in a fixed locale and a 24-hour clock, so the digits and order never depend on the language. */
function partsFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = partsFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) });
    partsFormats.set(key, format);
  }
  return format;
}

export interface IsoParts {
  date: string;
  time: string;
  seconds: string;
}

/** An instant's calendar day (YYYY-MM-DD) and time (HH:MM, and :SS apart) in a time zone (absent: the user's). */
export function isoParts(at: Date, timeZone?: string): IsoParts {
  const parts: Record<string, string> = {};
  for (const part of partsFormat(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const year = (parts.year ?? '').padStart(4, '0');
  return { date: `${year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, seconds: parts.second ?? '00' };
}

/** An instant as ISO text: the date, and with `time` its HH:MM (and :SS when `seconds` and not zero). */
export function isoText(at: Date, options: { time: boolean; seconds?: boolean; timeZone?: string }): string {
  const { date, time, seconds } = isoParts(at, options.timeZone);
  if (!options.time) return date;
  return `${date} ${time}${options.seconds && seconds !== '00' ? `:${seconds}` : ''}`;
}

/**
 * Whether Intl options ask for a whole calendar date (a `dateStyle`, or year, month and day): those the ISO style
 * writes as ISO. Options for a part of one (a month's name, a weekday, a time alone) stay in the language.
 */
export function asksForDate(options: Intl.DateTimeFormatOptions): boolean {
  return options.dateStyle !== undefined || (options.year !== undefined && options.month !== undefined && options.day !== undefined);
}

/** Whether Intl options ask for a time of day too. */
export function asksForTime(options: Intl.DateTimeFormatOptions): boolean {
  return options.timeStyle !== undefined || options.hour !== undefined;
}
