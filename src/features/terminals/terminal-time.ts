/** A time of day with the date, in the UI language (the log and the lists show seconds: terminals talk in seconds). */
export function formatTerminalTime(value: string | null, locale: string): string {
  if (!value) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(value));
}
