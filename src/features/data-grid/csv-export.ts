import Papa from 'papaparse';
import { valueAt } from '../../../schemas';
import type { ExportColumn } from './export-columns';

/**
 * Text a spreadsheet would run as a formula (= + - @, and tab or CR, which some treat alike): such a cell is written
 * with a leading apostrophe (Papa's escapeFormulae), which the import takes off again (`unescapeFormula`).
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell for the CSV: numbers and booleans as they are (never escaped: -5 stays a number), objects and arrays as JSON, null as empty. */
export function csvCell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The text of one exported cell, when it is not the stored value: a lookup's text, an enum option's label. */
export type ExportCellText = (column: ExportColumn, value: unknown) => string | undefined;

/**
 * The CSV of rows for people: a header of the chosen columns' labels in the user's language, then per row the
 * columns' values, where `textOf` gives a text (the looked-up record's text, an option's label) else the stored
 * value (numbers as numbers); nested paths read with dots. Text a spreadsheet would run as a formula, headers and
 * looked-up texts included, gets a leading apostrophe.
 */
export function rowsToCsv(columns: readonly ExportColumn[], rows: readonly Record<string, unknown>[], textOf: ExportCellText = () => undefined): string {
  const cell = (column: ExportColumn, row: Record<string, unknown>) => {
    const value = valueAt(row, column.field);
    return textOf(column, value) ?? csvCell(value);
  };
  return Papa.unparse({ fields: columns.map((c) => c.label), data: rows.map((row) => columns.map((column) => cell(column, row))) }, { escapeFormulae: FORMULA_START });
}

/**
 * Reads every page of a list by following `next` (keyset paging), telling `onProgress` the rows so far;
 * stops when the signal aborts.
 */
export async function collectAllPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; hasMore: boolean; next?: string }>,
  onProgress: (count: number) => void,
  signal?: AbortSignal,
): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    if (signal?.aborted) throw new DOMException('The export was cancelled.', 'AbortError');
    const page = await fetchPage(cursor);
    all.push(...page.items);
    onProgress(all.length);
    if (!page.hasMore || !page.next) return all;
    cursor = page.next;
  }
}
