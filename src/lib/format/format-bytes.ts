const UNITS = ['B', 'kB', 'MB', 'GB'] as const;

// Building an Intl.NumberFormat costs far more than using one, and the activity list formats every call it shows.
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format;
}

/** Byte count for the network-activity list (spec 1 §9): B, kB, MB, GB on base 1024, one decimal above bytes. */
export function formatBytes(bytes: number, locale = 'en'): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const text = numberFormat(locale, digits).format(value);
  return `${text} ${UNITS[unit]}`;
}
