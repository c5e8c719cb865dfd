import { currencyDecimals, DEFAULT_CURRENCY } from './currency';
import { isoText, type DateStyle } from './date-style';
import type { FieldModel } from './entity-document';
import { findField, valueAt } from './field-paths';
import { isIntegerType } from './managed-types';
import { DOUBLE_EXACT_DIGITS, decimalScale, parseDecimal } from './exact-decimal';
import { parseWideInteger } from './wide-integer';

/**
 * Values as text in the user's language (issue 14): the grid's cells, the row details and the read-only views all
 * read a stored value through here, so a price reads "1.234,50 €" in German and "€1,234.50" in English everywhere.
 * Only Intl of ECMAScript is used, no DOM: the browser and the server format alike.
 */
export interface FormatOptions {
  /** The UI language ("de", "ja", ...). */
  locale: string;
  /** The currency of a CurrencyAmount (the record's CurrencyCode field); DEFAULT_CURRENCY when absent. */
  currency?: string | undefined;
  /** How dates are written (the back office's formats.dateFormat); absent: as the language writes them. */
  dateStyle?: DateStyle;
  /** Text of true and false. */
  yes?: string;
  no?: string;
}

/** The least decimals a managed decimal shows: money and rates keep their trailing zero ("4.10", not "4.1"). */
export const DECIMAL_MIN_FRACTION_DIGITS = 2;

/** Most decimals a floating value shows; beyond it the binary representation only adds noise. */
const MAX_FRACTION_DIGITS = 10;

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** Intl formatters are costly to build and a grid formats thousands of cells: one per locale and options. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

type NumericField = Pick<FieldModel, 'type' | 'usage' | 'managedType'> & Partial<Pick<FieldModel, 'precision' | 'scale'>>;

/** The most fraction digits Intl writes (ECMA-402): an exact decimal's scale beyond it is cut to it. */
const INTL_MAX_FRACTION_DIGITS = 100;

/** True when the field's values read as numbers and so stand right-aligned (end-aligned in right-to-left). */
export function isNumericDisplay(field: Pick<FieldModel, 'type' | 'usage'> | undefined): boolean {
  return field?.type === 'Number' && field.usage !== 'Lookup' && field.usage !== 'Enum';
}

/**
 * The Intl options of a Number field: integers without decimals, decimals with at least two, an amount in its
 * currency's decimals (the currency box rounds to them on entry, so nothing stored is hidden).
 */
export function numberFormatOptions(field: NumericField, currency: string = DEFAULT_CURRENCY): Intl.NumberFormatOptions {
  // An exact decimal (schemas/exact-decimal.ts) shows every digit of its scale: it holds no binary noise.
  const exact = field.managedType === 'decimal' && (field.precision ?? 0) > DOUBLE_EXACT_DIGITS ? Math.min(decimalScale(field), INTL_MAX_FRACTION_DIGITS) : undefined;
  if (field.usage === 'CurrencyAmount') {
    const decimals = currencyDecimals(currency);
    return { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: decimals, maximumFractionDigits: Math.max(decimals, exact ?? 0) };
  }
  const percent = field.usage === 'Percent' ? ({ style: 'unit', unit: 'percent' } as const) : {};
  if (isIntegerType(field.managedType)) return { ...percent, maximumFractionDigits: 0 };
  const minimum = field.managedType === 'decimal' ? Math.min(DECIMAL_MIN_FRACTION_DIGITS, exact ?? DECIMAL_MIN_FRACTION_DIGITS) : 0;
  return { ...percent, minimumFractionDigits: minimum, maximumFractionDigits: exact === undefined ? MAX_FRACTION_DIGITS : Math.max(minimum, exact) };
}

/** A number of a field in the locale (a wide integer as a bigint, an exact decimal as its decimal text, every digit kept); a value that is not a finite number stays as stored. */
export function formatNumberValue(field: NumericField, value: number | bigint | `${number}`, options: FormatOptions): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  const currency = field.usage === 'CurrencyAmount' && options.currency && /^[A-Za-z]{3}$/.test(options.currency) ? options.currency : DEFAULT_CURRENCY;
  return numberFormat(options.locale, numberFormatOptions(field, currency)).format(value);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_ONLY = /^(\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * A Date, DateTime or Time value in the locale. A date has no time zone: it is formatted as a UTC calendar day so
 * 2024-05-01 never becomes 30 April west of Greenwich. A date-time is an instant, shown in the user's time zone.
 * Text that is no such value stays as stored. The ISO style writes 2026-11-29, 2026-11-29 14:05 and 14:05 instead.
 */
export function formatTemporalValue(usage: 'Date' | 'DateTime' | 'Time', value: string, locale: string, style: DateStyle = 'language'): string {
  if (usage === 'Time') {
    const match = TIME_ONLY.exec(value);
    if (!match) return value;
    const withSeconds = match[3] !== undefined && match[3] !== '00';
    if (style === 'iso') return `${match[1]}:${match[2]}${withSeconds ? `:${match[3]}` : ''}`;
    const at = new Date(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2]), Number(match[3] ?? 0)));
    return dateFormat(locale, { timeStyle: withSeconds ? 'medium' : 'short', timeZone: 'UTC' }).format(at);
  }
  const day = usage === 'Date' || DATE_ONLY.test(value);
  const at = new Date(day ? `${value.slice(0, 10)}T00:00:00Z` : value);
  if (Number.isNaN(at.getTime())) return value;
  if (style === 'iso') return day ? isoText(at, { time: false, timeZone: 'UTC' }) : isoText(at, { time: true });
  return day ? dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at) : dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** Any value as one line of text: objects as JSON, booleans as yes/no, everything else as stored. */
export function formatPlainValue(value: unknown, yes = '✓', no = ''): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? yes : no;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A field's stored value as text in the user's language: numbers with the field's decimals and grouping, currency
 * amounts with their currency, dates and times as local dates. Enum labels and lookup texts are the caller's (they
 * need the compiled schema or other records); without a known field the value reads as `formatPlainValue`.
 */
export function formatFieldText(field: NumericField | undefined, value: unknown, options: FormatOptions): string {
  if (field?.type === 'Number' && typeof value === 'number' && isNumericDisplay(field)) return formatNumberValue(field, value, options);
  // A wide integer (int64 / uint64) arrives as its decimal string: formatted as a bigint, so no digit is lost.
  if (field?.type === 'Number' && typeof value === 'string' && isNumericDisplay(field)) {
    const wide = parseWideInteger(value);
    if (wide !== undefined) return formatNumberValue(field, wide, options);
    // An exact decimal arrives as its decimal text, which Intl formats without passing through a double.
    if (field.managedType === 'decimal' && parseDecimal(value) !== undefined) return formatNumberValue(field, value as `${number}`, options);
  }
  if (field?.type === 'String' && typeof value === 'string' && value !== '' && (field.usage === 'Date' || field.usage === 'DateTime' || field.usage === 'Time')) {
    return formatTemporalValue(field.usage, value, options.locale, options.dateStyle);
  }
  return formatPlainValue(value, options.yes, options.no);
}

/**
 * The currency of the amount at a field path: the value of the sibling field with usage `CurrencyCode` (as the
 * currency box reads it, spec 2 §5), else undefined (then DEFAULT_CURRENCY applies).
 */
export function fieldCurrency(fields: readonly FieldModel[], path: string, record: Readonly<Record<string, unknown>>): string | undefined {
  const dot = path.lastIndexOf('.');
  const parent = dot < 0 ? '' : path.slice(0, dot);
  const siblings = parent ? (findField(fields, parent)?.properties ?? []) : fields;
  const code = siblings.find((field) => field.usage === 'CurrencyCode');
  if (!code) return undefined;
  const value = valueAt(record, parent ? `${parent}.${code.name}` : code.name);
  return typeof value === 'string' && /^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : undefined;
}
