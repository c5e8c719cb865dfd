import type { Writable } from 'node:stream';
import Papa from 'papaparse';
import { escapeFormula, isEscapedFormula } from '../../schemas/spreadsheet-cell';
import { typedCell, type ExportColumn, type ExportInput } from './export-columns';
import { writeTo } from './write-to';

/** The byte order mark: spreadsheets open the file as UTF-8 (umlauts, Arabic, Japanese) only with it. */
const BOM = '\uFEFF';

/** A typed cell as CSV text: numbers with a dot and no grouping, dates ISO 8601 (a date column as the day only). */
function csvCell(column: ExportColumn, value: unknown): string {
  const cell = typedCell(column, value);
  if (cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  if (cell instanceof Date) return column.type === 'date' ? cell.toISOString().slice(0, 10) : cell.toISOString();
  return cell;
}

/** One CSV line; a cell escaped against formulas is quoted too, as OWASP advises (the rule of the grid export). */
function csvLine(cells: readonly string[]): string {
  return `${Papa.unparse([cells as string[]], { quotes: cells.map((cell) => isEscapedFormula(cell)), newline: '\r\n' })}\r\n`;
}

/**
 * Writes an export as CSV (RFC 4180): UTF-8 with a byte order mark, a fixed comma and CRLF, the titles as the header
 * line, one line per row, the totals last. Fixed rather than per language, so that a file reads back the same
 * everywhere (numbers with a dot; docs/reports.md "Export"). Batch by batch, waiting for a slow client.
 */
export async function writeCsv(input: ExportInput, out: Writable): Promise<number> {
  await writeTo(out, BOM + csvLine(input.columns.map((column) => escapeFormula(column.title))));
  let rows = 0;
  for await (const batch of input.rows) {
    if (batch.length === 0) continue;
    await writeTo(out, batch.map((row) => csvLine(input.columns.map((column) => csvCell(column, row[column.key])))).join(''));
    rows += batch.length;
  }
  if (input.totals) {
    const totals = input.totals;
    await writeTo(out, csvLine(input.columns.map((column) => csvCell(column, totals[column.key]))));
  }
  return rows;
}

/** The last line of a CSV whose rows failed after it began: a reader sees the file is incomplete, and why. */
export function csvFailureLine(reason: string): string {
  return csvLine([escapeFormula(`!! ${reason}`)]);
}
