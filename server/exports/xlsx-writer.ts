import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { escapeFormula } from '../../schemas/spreadsheet-cell';
import { typedCell, type ExportColumn, type ExportInput } from './export-columns';
import { waitForDrain } from './write-to';

/** Number formats per column type; Excel shows each in the reader's own locale (grouping, decimal mark, date order). */
const NUMBER_FORMATS: Partial<Record<ExportColumn['type'], string>> = {
  integer: '0',
  money: '#,##0.00',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};

/** Excel's limit on a sheet's name: 31 characters, none of `[]:*?/\`. */
function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || 'Export';
}

/** The widths of the columns, from their titles and types: guessed once, as a stream cannot look at every row first. */
function columnWidth(column: ExportColumn): number {
  const byType = column.type === 'datetime' ? 20 : column.type === 'text' ? 24 : 14;
  return Math.min(60, Math.max(byType, column.title.length + 2));
}

/**
 * Writes an export as XLSX through exceljs' streaming WorkbookWriter: every row is committed as soon as it is added, so
 * the sheet is never held whole. Cells are typed: numbers as numbers (-5 stays a number), dates as dates with a date
 * format, text as shared-nothing inline text escaped against formula injection like the CSV (a value is never a
 * formula in XLSX, but the same file saved as CSV by the reader would run it). The header row stays frozen, the
 * totals row is bold.
 */
export async function writeXlsx(input: ExportInput, out: Writable): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Mate';
  const sheet = workbook.addWorksheet(sheetName(input.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = input.columns.map((column) => ({
    header: escapeFormula(column.title),
    key: column.key,
    width: columnWidth(column),
    style: NUMBER_FORMATS[column.type] ? { numFmt: NUMBER_FORMATS[column.type] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const cells = (row: Readonly<Record<string, unknown>>) => input.columns.map((column) => typedCell(column, row[column.key]) ?? null);
  let rows = 0;
  for await (const batch of input.rows) {
    for (const row of batch) sheet.addRow(cells(row)).commit();
    rows += batch.length;
    // Let the zip stream pass what it has on to the client, and wait for a slow one.
    await nextTurn();
    await waitForDrain(out);
  }
  if (input.totals) {
    const totals = sheet.addRow(cells(input.totals));
    totals.font = { bold: true };
    totals.commit();
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}
