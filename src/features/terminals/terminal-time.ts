import { formatDate } from '../../lib/format/format-number';

/** A time of day with the date, in the UI language or ISO (the date style in force; the log and the lists show seconds: terminals talk in seconds). */
export function formatTerminalTime(value: string | null, locale: string): string {
  if (!value) return '';
  return formatDate(value, locale, { dateStyle: 'short', timeStyle: 'medium' });
}
