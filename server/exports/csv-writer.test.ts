import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { writeCsv } from './csv-writer';
import { collector, HOSTILE_TEXTS, inBatches, SAMPLE_COLUMNS, SAMPLE_ROWS } from './export-test-rows';

async function csvOf(columns = SAMPLE_COLUMNS, rows = SAMPLE_ROWS, totals?: Record<string, unknown>) {
  const { out, bytes } = collector();
  const count = await writeCsv({ title: 'Daily sales', locale: 'de', columns, rows: inBatches(rows), totals }, out);
  out.end();
  return { count, text: (await bytes).toString('utf8') };
}

describe('CSV export writer', () => {
  it('writes UTF-8 with a byte order mark, a comma, CRLF, the titles first and the totals last', async () => {
    const { count, text } = await csvOf(SAMPLE_COLUMNS, SAMPLE_ROWS, { quantity: 19, amount: '67.75' });
    expect(count).toBe(SAMPLE_ROWS.length);
    expect(text.startsWith('\uFEFFDay,Product,Quantity,Amount,Last sale\r\n')).toBe(true);
    const { data, errors } = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(errors).toEqual([]);
    expect(data).toHaveLength(1 + SAMPLE_ROWS.length + 1);
    expect(data.at(-1)).toEqual(['', '', '19', '67.75', '']);
  });

  it('escapes every text a spreadsheet would run as a formula, and quotes it; numbers and dates stay plain', async () => {
    const { text } = await csvOf();
    const [, ...rows] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    HOSTILE_TEXTS.forEach((hostile, i) => expect(rows[i]![1], JSON.stringify(hostile)).toBe(`'${hostile}`));
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(text).toContain(`"'-1+2"`);
    // A return: the negative numbers are numbers, unquoted and unescaped; numeric text from PostgreSQL too.
    expect(rows[6]).toEqual(['2026-03-09', 'Return, "big"', '-2', '-7.25', '2026-03-09T17:00:00.000Z']);
    expect(text).toContain(',-2,-7.25,');
    expect(rows[0]![0]).toBe('2026-03-01');
    expect(rows[0]![3]).toBe('12.5');
    expect(rows[0]![4]).toBe('2026-03-01T09:30:00.000Z');
    expect(rows[7]).toEqual(['', '', '', '', '']);
  });

  it('escapes a title that starts like a formula', async () => {
    const { text } = await csvOf([{ key: 'a', title: '=cmd', type: 'text' }], [{ a: 'x' }]);
    expect(text).toBe(`\uFEFF"'=cmd"\r\nx\r\n`);
  });
});
