/** The bounds the server takes (server/exchange-rates/exchange-rate-schemas.ts): 8 decimals, at most a billion. */
export const MIN_RATE = 0.00000001;
export const MAX_RATE = 1_000_000_000;
const MAX_DECIMALS = 8;

export type RateProblem = 'empty' | 'not-a-number' | 'too-small' | 'too-large' | 'too-precise';
export type ParsedRate = { ok: true; value: number } | { ok: false; problem: RateProblem };

/** The decimal and group separators of the locale, as Intl writes them. */
function separators(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return { decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.', group: parts.find((part) => part.type === 'group')?.value ?? ',' };
}

/** Arabic-Indic and Eastern Arabic-Indic digits as ASCII, so a rate typed with an Arabic keyboard reads too. */
const asciiDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.codePointAt(0)!;
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });

/**
 * Reads a rate as the user typed it in their language (1.234,5 in German, 1,234.5 in English, ١٫٥ in Arabic):
 * group separators and spaces go, the locale's decimal separator becomes the point. A point also counts as the
 * decimal mark when the locale's is a comma and no comma was typed (people paste 1.0512 from a bank's page).
 */
export function parseRate(text: string, locale: string): ParsedRate {
  const { decimal, group } = separators(locale);
  let plain = asciiDigits(text.trim()).replace(/[\s\u00a0\u202f]/g, '');
  if (plain === '') return { ok: false, problem: 'empty' };
  const usesLocaleDecimal = plain.includes(decimal) || decimal === '.';
  if (usesLocaleDecimal) plain = plain.split(group).join('').split(decimal).join('.');
  plain = plain.replace('\u066b', '.').replace(/\u066c/g, '');
  if (!/^\d+(\.\d+)?$/.test(plain)) return { ok: false, problem: 'not-a-number' };
  const value = Number(plain);
  if ((plain.split('.')[1]?.length ?? 0) > MAX_DECIMALS) return { ok: false, problem: 'too-precise' };
  if (value < MIN_RATE) return { ok: false, problem: 'too-small' };
  if (value > MAX_RATE) return { ok: false, problem: 'too-large' };
  return { ok: true, value };
}

/** An ISO 4217 code as the user typed it, upper case; undefined when it is not three letters. */
export function currencyCode(text: string): string | undefined {
  const code = text.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : undefined;
}
