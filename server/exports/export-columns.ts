import { escapeFormula } from '../../schemas/spreadsheet-cell';

/**
 * What a column holds, so that each format writes it as its own kind of cell: numbers as numbers (never escaped, so
 * -5 stays the number -5), dates as dates, everything else as text escaped against formula injection.
 */
export type ExportColumnType = 'text' | 'number' | 'integer' | 'money' | 'date' | 'datetime';

/** One column of an export: the row member it reads, its title in the caller's language and its type. */
export interface ExportColumn {
  key: string;
  title: string;
  type: ExportColumnType;
}

/** The rows of an export, read batch by batch so that no writer ever holds the whole result. */
export type ExportRowBatches = AsyncIterable<readonly Record<string, unknown>[]>;

/** Everything a writer needs: what the file is called inside (sheet and PDF title), its columns, rows and totals. */
export interface ExportInput {
  title: string;
  /** The caller's language (BCP 47): the PDF formats numbers and dates in it; CSV and XLSX keep values typed. */
  locale: string;
  columns: readonly ExportColumn[];
  rows: ExportRowBatches;
  /** The totals row, by column key (absent columns stay empty); written last. */
  totals?: Readonly<Record<string, unknown>>;
  /** How many rows the result holds, when known (the PDF says how many it left out). */
  totalRows?: number;
}

const NUMERIC: ReadonlySet<ExportColumnType> = new Set(['number', 'integer', 'money']);

/** Whether a column's cells are numbers. */
export function isNumericColumn(column: ExportColumn): boolean {
  return NUMERIC.has(column.type);
}

/**
 * A numeric cell's number: PostgreSQL's numeric arrives as text ('-12.50'), which must become the number -12.5, never
 * escaped text. Anything that is not a finite number is undefined (written empty).
 */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

/** A date cell's date: a Date, or an ISO text or epoch milliseconds; anything unreadable is undefined. */
export function dateOf(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return undefined;
}

/** A text cell's text, escaped against formula injection (schemas/spreadsheet-cell.ts); null is empty. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return escapeFormula(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/**
 * A value as the typed cell every format starts from: a number for numeric columns, a Date for date columns, else
 * escaped text; undefined when empty. A value that does not fit its column's type (text in a number column) is written
 * as escaped text rather than lost.
 */
export function typedCell(column: ExportColumn, value: unknown): number | Date | string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (isNumericColumn(column)) return numberOf(value) ?? textOf(value);
  if (column.type === 'date' || column.type === 'datetime') return dateOf(value) ?? textOf(value);
  return textOf(value);
}
