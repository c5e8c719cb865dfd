import Papa from 'papaparse';
import { escapeFormula, isEscapedFormula, spreadsheetCell, valueAt } from '../../../schemas';
import type { ExportColumn } from './export-columns';

/** The text of one exported cell, when it is not the stored value: a lookup's text, an enum option's label. */
export type ExportCellText = (column: ExportColumn, value: unknown) => string | undefined;

/**
 * The CSV of rows for people: a header of the chosen columns' labels in the user's language, then per row the
 * columns' values, where `textOf` gives a text (the looked-up record's text, an option's label) else the stored
 * value (numbers as numbers); nested paths read with dots. Text a spreadsheet would run as a formula, headers and
 * looked-up texts included, gets a leading apostrophe and quotes (schemas' spreadsheet-cell.ts, the rule every export
 * shares; the import takes the apostrophe off again); a number is never text, so -5 stays -5.
 */
export function rowsToCsv(columns: readonly ExportColumn[], rows: readonly Record<string, unknown>[], textOf: ExportCellText = () => undefined): string {
  const cell = (column: ExportColumn, row: Record<string, unknown>) => {
    const value = valueAt(row, column.field);
    const text = textOf(column, value);
    return text === undefined ? spreadsheetCell(value) : escapeFormula(text);
  };
  return Papa.unparse(
    { fields: columns.map((c) => escapeFormula(c.label)), data: rows.map((row) => columns.map((column) => cell(column, row))) },
    // An escaped cell is quoted too, as OWASP advises: the cell is plainly one text, whatever a reader makes of the apostrophe.
    { quotes: (value: unknown) => typeof value === 'string' && isEscapedFormula(value) },
  );
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
