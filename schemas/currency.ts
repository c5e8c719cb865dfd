/** The currency used when an amount names none (spec 2 §9). */
export const DEFAULT_CURRENCY = 'EUR';

/**
 * ISO 4217 currencies with no minor unit. A hand-written table keeps schemas/ free of data packages;
 * it follows the ISO 4217 list (minor unit 0).
 */
export const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set([
  'BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF',
]);

/** ISO 4217 currencies with three decimals (minor unit 3). */
export const THREE_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/**
 * The number of decimals of a currency (case-insensitive): 0, 3, or 2 for every other code.
 */
export function currencyDecimals(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL_CURRENCIES.has(code)) return 0;
  if (THREE_DECIMAL_CURRENCIES.has(code)) return 3;
  return 2;
}

/**
 * Rounds an amount to the currency's decimals, half away from zero (as cash registers do), working on the
 * decimal string so 1.005 EUR becomes 1.01 rather than the 1.00 that binary floating point would give.
 */
export function roundToCurrency(amount: number, currency: string = DEFAULT_CURRENCY): number {
  if (!Number.isFinite(amount)) return amount;
  const decimals = currencyDecimals(currency);
  const sign = amount < 0 ? -1 : 1;
  const abs = Math.abs(amount);
  const factor = 10 ** decimals;
  // The exponent trick needs a plain decimal string; tiny or huge values print with "e" and are rounded by factor.
  const rounded = String(abs).includes('e')
    ? Math.round(abs * factor) / factor
    : Number(`${Math.round(Number(`${abs}e${decimals}`))}e-${decimals}`);
  return Number.isFinite(rounded) ? sign * rounded + 0 : amount;
}

/** An amount with its currency. */
export interface CurrencyAmount {
  currency: string;
  amount: number;
}

/** An amount with its currency, the amount as plain decimal text ("-1234.56"), never through a JS number. */
export interface CurrencyAmountText {
  currency: string;
  amount: string;
}

const CODE = /^[A-Za-z]{3}$/;

/**
 * Parses the amount text of a currency box as `parseCurrencyAmount` does, keeping the amount as decimal text: a
 * sign (never `+`), digits (at least one before the point), an optional fraction, every digit typed. An exact-decimal
 * amount (schemas/exact-decimal.ts) reads through here, so a 30-digit amount loses nothing. Null for anything else.
 */
export function parseCurrencyAmountText(text: string, defaultCurrency: string = DEFAULT_CURRENCY): CurrencyAmountText | null {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  let currency = defaultCurrency;
  let amountText: string | undefined;
  if (parts.length === 1) amountText = parts[0];
  else if (parts.length === 2) {
    const [a, b] = parts as [string, string];
    if (CODE.test(a)) [currency, amountText] = [a, b];
    else if (CODE.test(b)) [currency, amountText] = [b, a];
    else return null;
  } else return null;
  const amount = amountText === undefined ? null : parseAmount(amountText);
  return amount === null ? null : { currency: currency.toUpperCase(), amount };
}

/**
 * Parses the amount text of a currency box: "EUR 12.5", "12.5 EUR", "12,50" or "-3" (then the default currency).
 * A comma is a decimal separator when it is the only separator; with both, the last one is the decimal separator
 * ("1.234,56" and "1,234.56" both read 1234.56). Returns null for anything else.
 */
export function parseCurrencyAmount(text: string, defaultCurrency: string = DEFAULT_CURRENCY): CurrencyAmount | null {
  const parsed = parseCurrencyAmountText(text, defaultCurrency);
  const amount = parsed ? Number(parsed.amount) : NaN;
  return parsed && Number.isFinite(amount) ? { currency: parsed.currency, amount } : null;
}

/** An amount's text without grouping, with a point: "1.234,5" -> "1234.5", "+.5" -> "0.5", "12." -> "12". */
function parseAmount(text: string): string | null {
  if (!/^[+-]?[\d.,]*\d[\d.,]*$/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  const decimalSeparator = lastComma > lastDot ? ',' : '.';
  const thousands = decimalSeparator === ',' ? '.' : ',';
  const normalised = text.split(thousands).join('').replace(decimalSeparator, '.');
  if ((normalised.match(/\./g) ?? []).length > 1) return null;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(normalised); // "1,2,3" leaves a comma: no amount
  if (!match) return null;
  const [, sign, whole, fraction] = match as unknown as [string, string, string, string?];
  return `${sign === '-' ? '-' : ''}${whole || '0'}${fraction ? `.${fraction}` : ''}`;
}
