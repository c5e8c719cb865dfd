import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Document, Page, StyleSheet, Text, View, renderToStream, type Styles } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { dateOf, isNumericColumn, numberOf, type ExportColumn, type ExportInput } from './export-columns';
import { pdfFontsFor, pdfText } from '../lib/pdf-fonts';
import { pdfFontFamily } from './pdf-font';
import { pdfTexts } from './pdf-texts';
import { PDF_ROW_LIMIT } from './pdf-row-limit';

export { PDF_ROW_LIMIT };

const styles = StyleSheet.create({
  page: { paddingTop: 28, paddingBottom: 36, paddingHorizontal: 28, fontSize: 8 },
  title: { fontSize: 13, fontWeight: 'bold', marginBottom: 6 },
  header: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: '#444', paddingBottom: 3, marginBottom: 2 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#ddd', paddingVertical: 2 },
  totals: { flexDirection: 'row', borderTopWidth: 1, borderTopColor: '#444', paddingTop: 3, marginTop: 1 },
  bold: { fontWeight: 'bold' },
  cell: { paddingHorizontal: 3 },
  note: { marginTop: 8, fontSize: 9 },
  footer: { position: 'absolute', bottom: 16, left: 28, right: 28, fontSize: 7, color: '#666', flexDirection: 'row', justifyContent: 'space-between' },
});

/** A cell as people read it in the caller's language: numbers grouped, money with two decimals, dates localised. */
function formatter(locale: string, column: ExportColumn): (value: unknown) => string {
  if (isNumericColumn(column)) {
    const format = new Intl.NumberFormat(locale, column.type === 'money' ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: column.type === 'integer' ? 0 : 4 });
    return (value) => {
      const number = numberOf(value);
      return number === undefined ? text(value) : format.format(number);
    };
  }
  if (column.type === 'date' || column.type === 'datetime') {
    const format = new Intl.DateTimeFormat(locale, column.type === 'date' ? { dateStyle: 'medium', timeZone: 'UTC' } : { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    return (value) => {
      const date = dateOf(value);
      return date === undefined ? text(value) : format.format(date);
    };
  }
  return text;
}

/** Text as it is: a PDF runs no formulas, so nothing is escaped here. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Reads up to the limit, and whether rows were left over (the next batch is not read whole: the cap holds memory). */
async function firstRows(input: ExportInput, limit: number): Promise<{ rows: Readonly<Record<string, unknown>>[]; more: boolean }> {
  const rows: Readonly<Record<string, unknown>>[] = [];
  for await (const batch of input.rows) {
    for (const row of batch) {
      if (rows.length === limit) return { rows, more: true };
      rows.push(row);
    }
  }
  return { rows, more: false };
}

/** The document: a landscape A4 table whose title and column header repeat on every page, totals and page numbers. */
function exportDocument(input: ExportInput, rows: readonly Readonly<Record<string, unknown>>[], cappedNote: string | undefined): ReactElement {
  const fontFamily = pdfFontFamily();
  const texts = pdfTexts(input.locale);
  const rtl = /^(ar|he|fa|ur)\b/i.test(input.locale);
  const formats = input.columns.map((column) => formatter(input.locale, column));
  // Text columns get twice the width of numbers; numbers align on the end, as in the grid.
  const start: 'left' | 'right' = rtl ? 'right' : 'left';
  const end: 'left' | 'right' = rtl ? 'left' : 'right';
  const cellStyle = input.columns.map((column) => [styles.cell, { flex: column.type === 'text' ? 2 : 1, textAlign: isNumericColumn(column) ? end : start }]);
  const direction: 'row' | 'row-reverse' = rtl ? 'row-reverse' : 'row';
  const line = (key: string, style: Styles[string] | Styles[string][], cells: readonly string[]) =>
    h(View, { key, style: [...[style].flat(), { flexDirection: direction }], wrap: false }, cells.map((cell, i) => h(Text, { key: i, style: [...cellStyle[i]!, { fontFamily: pdfFontsFor(cell) }] }, pdfText(cell))));
  const totals = input.totals;
  return h(
    Document,
    { title: input.title, creator: 'Mate', producer: 'Mate' },
    h(
      Page,
      { size: 'A4', orientation: 'landscape', style: [styles.page, { fontFamily }] },
      h(View, { fixed: true }, h(Text, { style: [styles.title, { textAlign: start, fontFamily: pdfFontsFor(input.title) }] }, pdfText(input.title)), line('header', [styles.header, styles.bold], input.columns.map((column) => column.title))),
      rows.map((row, r) => line(`r${r}`, styles.row, input.columns.map((column, i) => formats[i]!(row[column.key])))),
      totals
        ? line(
            'totals',
            [styles.totals, styles.bold],
            input.columns.map((column, i) => (i === 0 && (totals[column.key] === undefined || totals[column.key] === null) ? texts.total : formats[i]!(totals[column.key]))),
          )
        : null,
      cappedNote ? h(Text, { style: [styles.note, { textAlign: start, fontFamily: pdfFontsFor(cappedNote) }] }, pdfText(cappedNote)) : null,
      h(View, { fixed: true, style: styles.footer }, h(Text, { style: { fontFamily: pdfFontsFor(input.title) } }, pdfText(input.title)), h(Text, { render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => texts.page(pageNumber, totalPages) })),
    ),
  );
}

/**
 * Writes an export as PDF: the first `limit` rows (PDF_ROW_LIMIT), then the totals of the whole result, and when rows
 * were left out a note saying how many. Rows are read before the first byte is written, so a failure reading them
 * still answers the product's error body. Answers the number of rows written.
 */
export async function writePdf(input: ExportInput, out: Writable, limit = PDF_ROW_LIMIT): Promise<{ rows: number; capped: boolean }> {
  const { rows, more } = await firstRows(input, limit);
  const texts = pdfTexts(input.locale);
  const count = new Intl.NumberFormat(input.locale);
  const cappedNote = more ? texts.capped(count.format(rows.length), input.totalRows !== undefined ? count.format(input.totalRows) : '…') : undefined;
  const stream = await renderToStream(exportDocument(input, rows, cappedNote) as Parameters<typeof renderToStream>[0]);
  await pipeline(stream, out, { end: false });
  return { rows: rows.length, capped: more };
}
