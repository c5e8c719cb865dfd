import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { collector, HOSTILE_TEXTS, inBatches, SAMPLE_COLUMNS, SAMPLE_ROWS } from './export-test-rows';
import { writeXlsx } from './xlsx-writer';

async function workbookOf(title = 'Daily sales: March/2026') {
  const { out, bytes } = collector();
  const count = await writeXlsx({ title, locale: 'de', columns: SAMPLE_COLUMNS, rows: inBatches(SAMPLE_ROWS), totals: { quantity: 19, amount: '67.75' } }, out);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await bytes) as unknown as ArrayBuffer);
  return { count, workbook };
}

describe('XLSX export writer', () => {
  it('writes one sheet named after the report, the titles bold and frozen, typed cells, the totals bold', async () => {
    const { count, workbook } = await workbookOf();
    expect(count).toBe(SAMPLE_ROWS.length);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Daily sales  March 2026');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Day', 'Product', 'Quantity', 'Amount', 'Last sale']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toEqual(new Date('2026-03-01T00:00:00.000Z'));
    expect(first.getCell(1).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(3).value).toBe(1);
    expect(first.getCell(4).value).toBe(12.5);
    expect(first.getCell(4).numFmt).toBe('#,##0.00');
    expect(first.getCell(5).value).toEqual(new Date('2026-03-01T09:30:00.000Z'));
    // A return's negative numbers are numbers; numeric text from PostgreSQL became a number.
    const ret = sheet.getRow(8);
    expect(ret.getCell(3).value).toBe(-2);
    expect(ret.getCell(4).value).toBe(-7.25);
    expect(ret.getCell(2).value).toBe('Return, "big"');
    // Empty cells stay empty.
    expect(sheet.getRow(9).getCell(2).value).toBeNull();
    const totals = sheet.getRow(10);
    expect(totals.getCell(3).value).toBe(19);
    expect(totals.getCell(4).value).toBe(67.75);
    expect(totals.font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(10);
  });

  it('writes text that starts like a formula as escaped text, never as a formula', async () => {
    const sheet = (await workbookOf()).workbook.worksheets[0]!;
    HOSTILE_TEXTS.forEach((hostile, i) => {
      const cell = sheet.getRow(2 + i).getCell(2);
      expect(cell.type, JSON.stringify(hostile)).toBe(ExcelJS.ValueType.String);
      // XML reads a carriage return in text as a line feed (exceljs writes it raw); the apostrophe still comes first.
      expect(cell.value).toBe(`'${hostile.replace('\r', '\n')}`);
      expect(cell.formula).toBeUndefined();
    });
  });
});
