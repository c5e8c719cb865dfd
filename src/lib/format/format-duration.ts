/** Call duration (spec 1 §9): whole milliseconds below a second, else seconds with one decimal. */
export function formatDuration(ms: number, locale = 'en'): string {
  const value = Math.max(0, ms);
  if (value < 1000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value)} ms`;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 1000)} s`;
}
