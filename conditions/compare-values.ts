/**
 * The order behind greaterThan / greaterOrEqual / lessThan / lessOrEqual.
 * Only two numbers or two strings are ordered; every other pair (a null or missing side, booleans,
 * arrays, objects, a number against a string) is unordered and every ordering operator is false for it.
 *
 * Dates and date-times are ISO 8601 strings and order by code point too: written in one canonical form
 * (UTC with "Z", the same precision, as the server stores them) that order is chronological. Strings are
 * deliberately not re-read as instants: mixing both readings would make the order intransitive, and it
 * would disagree with a SQL comparison of the same text column.
 */

/**
 * Compares strings by Unicode code point, which is UTF-8 byte order and PostgreSQL's `COLLATE "C"`.
 * JavaScript's `<` compares UTF-16 units instead, which misorders characters above U+FFFF against
 * U+E000..U+FFFF; this fixes that without allocating.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    // A surrogate starts a code point above U+FFFF, which sorts after every unit outside the range.
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * Orders two values: negative, zero or positive as `a` sorts before, with or after `b`, or undefined
 * when the pair is unordered. Numbers compare numerically (NaN is unordered), strings by code point.
 * Zero means equal exactly when `equal` holds, so greaterOrEqual is greaterThan or equal.
 */
export function compareValues(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a < b) return -1;
    if (a > b) return 1;
    return a === b ? 0 : undefined;
  }
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  return undefined;
}
