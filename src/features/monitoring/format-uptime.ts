/** An uptime as the largest two units in the user's language, e.g. "3 d 4 h" or "12 min 5 s". */
export function formatUptime(seconds: number, locale: string): string {
  const units: [Intl.NumberFormatOptions['unit'], number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
    ['second', 1],
  ];
  let rest = Math.max(0, Math.floor(seconds));
  const parts: string[] = [];
  for (const [unit, size] of units) {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0 || (parts.length === 0 && unit === 'second')) parts.push(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(amount));
    if (parts.length === 2) break;
    // Only neighbouring units: "1 d 5 s" would mislead.
    if (parts.length === 1 && amount === 0) break;
  }
  return parts.join(' ');
}
