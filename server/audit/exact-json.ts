import { compareDecimals, parseDecimal } from '../../schemas';

/**
 * JSON.parse, except that a number literal a double would not hold is kept as its decimal text, a string: an integer
 * outside the safe range (±2^53−1), or a decimal whose value the nearest double differs from.
 *
 * The audit trail's row images are jsonb, which holds a uint64 or int64 value and a numeric(30,4) value exactly; the
 * driver's JSON.parse would round them (schemas/wide-integer.ts, schemas/exact-decimal.ts: such values travel as
 * decimal strings). A decimal a double holds (4.10, 0.30000000000000004) stays a number, as before.
 */
export function parseExactJson(text: string): unknown {
  let kept = '';
  let copiedTo = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string, escapes included: digits inside it are text, not numbers.
      i++;
      while (i < text.length && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c /* \ */ ? 2 : 1;
      i++;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      i++;
      while (i < text.length && isNumberChar(text.charCodeAt(i))) i++;
      const token = text.slice(start, i);
      if (/^-?\d+$/.test(token) ? !Number.isSafeInteger(Number(token)) : roundedByDouble(token)) {
        kept += `${text.slice(copiedTo, start)}"${token}"`;
        copiedTo = i;
      }
    } else i++;
  }
  return JSON.parse(copiedTo === 0 ? text : kept + text.slice(copiedTo));
}

function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e /* . */ || c === 0x65 /* e */ || c === 0x45 /* E */ || c === 0x2b /* + */ || c === 0x2d /* - */;
}

/** True for a decimal literal (a fraction, no exponent) whose value the nearest double is not. */
function roundedByDouble(token: string): boolean {
  const exact = parseDecimal(token);
  const double = parseDecimal(Number(token));
  return exact !== undefined && double !== undefined && compareDecimals(exact, double) !== 0;
}
