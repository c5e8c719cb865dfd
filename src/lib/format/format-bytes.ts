const UNITS = ['B', 'kB', 'MB', 'GB'] as const;

/** Byte count for the network-activity list (spec 1 §9): B, kB, MB, GB on base 1024, one decimal above bytes. */
export function formatBytes(bytes: number, locale = 'en'): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return `${text} ${UNITS[unit]}`;
}
