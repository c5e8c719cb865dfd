import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportColumn } from './export-columns';
import { collector, inBatches, SAMPLE_COLUMNS, SAMPLE_ROWS } from './export-test-rows';
import { writePdf } from './pdf-writer';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mate-pdf-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function pdfOf(input: { columns?: readonly ExportColumn[]; rows?: readonly Record<string, unknown>[]; locale?: string; totalRows?: number; limit?: number }, name: string) {
  const { out, bytes } = collector();
  const rows = input.rows ?? SAMPLE_ROWS;
  const written = await writePdf(
    { title: 'Daily sales', locale: input.locale ?? 'en', columns: input.columns ?? SAMPLE_COLUMNS, rows: inBatches(rows, 100), totals: { quantity: 19, amount: '67.75' }, totalRows: input.totalRows },
    out,
    input.limit,
  );
  out.end();
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, await bytes);
  return { written, file };
}

/** The text of each page, as poppler reads it. */
async function pagesOf(file: string): Promise<string[]> {
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.split('\f').filter((page) => page.trim() !== '');
}

describe('PDF export writer', () => {
  it('writes a landscape A4 table that poppler renders: titles, values in the language, totals, page numbers', async () => {
    const { written, file } = await pdfOf({ locale: 'de' }, 'sample');
    expect(written).toEqual({ rows: SAMPLE_ROWS.length, capped: false });
    const { stdout: info } = await run('pdfinfo', [file]);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts/);
    await run('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', file, join(dir, 'sample')]);
    expect((await readdir(dir)).some((f) => /^sample-1\.png$/.test(f))).toBe(true);
    const [page] = await pagesOf(file);
    expect(page).toMatch(/Day\s+Product\s+Quantity\s+Amount\s+Last sale/);
    // German formats: a comma for decimals, a localised date; the PDF runs nothing, so text is shown as it is.
    expect(page).toContain('=HYPERLINK("http://x","y")');
    expect(page).toContain('12,50');
    expect(page).toContain('-7,25');
    expect(page).toContain('01.03.2026');
    expect(page).toMatch(/Summe\s+19\s+67,75/);
    expect(page).toContain('Seite 1 von 1');
  });

  it('repeats the header on every page and stops at the limit, saying how many rows it left out', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => ({ day: '2026-01-01', name: `Article ${i + 1}`, quantity: i, amount: i / 4, at: null }));
    const { written, file } = await pdfOf({ rows, limit: 150, totalRows: 400 }, 'capped');
    expect(written).toEqual({ rows: 150, capped: true });
    const pages = await pagesOf(file);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page, `page ${i + 1}`).toMatch(/Day\s+Product\s+Quantity\s+Amount\s+Last sale/);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const all = pages.join('\n');
    expect(all).toContain('Article 150');
    expect(all).not.toContain('Article 151');
    expect(all).toContain('The PDF shows the first 150 of 400 rows. Export CSV or XLSX for all of them.');
  });

  it('prints Cyrillic, Greek, Arabic, Japanese and Chinese with the shipped Noto Sans and its CJK subset, no system font needed', async () => {
    const columns: ExportColumn[] = [{ key: 'name', title: 'Товар', type: 'text' }, { key: 'amount', title: 'المبلغ', type: 'money' }];
    const { file } = await pdfOf({ columns, rows: [{ name: 'Čaj', amount: 3 }, { name: 'Καφές', amount: 4 }, { name: '緑茶ペットボトル', amount: 5 }, { name: '绿茶饮料', amount: 6 }] }, 'scripts');
    const [page] = await pagesOf(file);
    expect(page).toContain('Товар');
    expect(page).toContain('Čaj');
    expect(page).toContain('Καφές');
    expect(page).toContain('緑茶ペットボトル');
    expect(page).toContain('绿茶饮料');
    expect(page!.normalize('NFKC')).toMatch(/[\u0600-\u06ff]/);
    const { stdout: fonts } = await run('pdffonts', [file]);
    expect(fonts).toContain('NotoSans-Regular');
    expect(fonts).toMatch(/NotoSansArabic-(Regular|Bold)/);
    expect(fonts).toContain('NotoSansCJKjp-Regular');
    expect(fonts).not.toContain('DejaVu');
  });
});
