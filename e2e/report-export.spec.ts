import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { LOOK_CORNERS } from './support/looks';

// The report export page (/report/export/sales/daily): every format downloaded and read back, progress, cancel,
// a refusal shown, in light and dark, English and Arabic, 1440 and 390 px. That a product name starting like a formula
// comes out escaped through the route is proven by server/exports/report-export-routes.test.ts.
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: 'report-export-e2e-password' });
const DEMO_PASSWORD = 'demo-pass-1';
const run = promisify(execFile);

async function openExport(page: Page) {
  await signIn(page, mate.url, DEMO_PASSWORD, '/report/export/sales/daily', 'report-export', 'manager.de');
  await expect(page.getByTestId('export-run')).toBeEnabled();
}

async function exportAs(page: Page, format: 'csv' | 'xlsx' | 'pdf') {
  await page.getByTestId(`export-format-${format}`).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-run').click();
  const file = await download;
  await expect(page.getByTestId('export-done')).toContainText(file.suggestedFilename());
  return { name: file.suggestedFilename(), path: await file.path() };
}

test.describe.configure({ mode: 'serial' });

test('exports the daily sales as CSV, XLSX and PDF, each read back', async ({ page }) => {
  await openExport(page);
  await expect(page.getByTestId('export-title')).toHaveText('Export: Daily sales');

  const csv = await exportAs(page, 'csv');
  expect(csv.name).toMatch(/^sales-daily_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(csv.path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = Papa.parse<string[]>(bytes.toString('utf8').slice(1), { skipEmptyLines: true }).data;
  expect(header![0]).toBe('Date');
  // The last line is the totals row.
  expect(rows.length).toBeGreaterThan(0);

  const xlsx = await exportAs(page, 'xlsx');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx.path);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Date');
  expect(sheet.rowCount).toBe(rows.length + 1);
  expect(typeof sheet.getRow(2).getCell(3).value).toBe('number');

  const pdf = await exportAs(page, 'pdf');
  expect(pdf.name).toMatch(/\.pdf$/);
  const { stdout } = await run('pdftotext', ['-layout', pdf.path, '-']);
  expect(stdout).toContain('Daily sales');
  expect(stdout).toContain('Page 1 of');
  await run('pdftoppm', ['-png', '-r', '30', '-f', '1', '-l', '1', pdf.path, 'test-results/report-export-pdf']);
});

test('progress shows while the answer is awaited, Cancel stops it, a refusal shows its reason', async ({ page }) => {
  await openExport(page);
  // An answer that never comes: the export waits until it is cancelled.
  await page.route('**/api/reports/sales/daily/export.csv*', () => undefined);
  await page.getByTestId('export-format-csv').click();
  await page.getByTestId('export-run').click();
  await expect(page.getByTestId('export-progress')).toBeVisible();
  await page.getByTestId('export-cancel').click();
  await expect(page.getByTestId('export-cancelled')).toBeVisible();
  await expect(page.getByTestId('export-progress')).toHaveCount(0);
  await page.unroute('**/api/reports/sales/daily/export.csv*');

  await page.route('**/api/reports/sales/daily/export.xlsx*', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ status: 403, message: 'You may not read the report /report/sales/daily in tenant 1.' }) }),
  );
  await page.getByTestId('export-format-xlsx').click();
  await page.getByTestId('export-run').click();
  await expect(page.getByTestId('export-failed')).toHaveText('You may not read the report /report/sales/daily in tenant 1.');
});

for (const { theme, locale, width } of LOOK_CORNERS) {
  test(`the page reads in ${theme}, ${locale}, ${width} px, by keyboard`, { tag: '@looks' }, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: theme });
    // Signed in in English (the sign-in form's labels), then the page in the chosen language.
    await openExport(page);
    await page.evaluate((chosen) => localStorage.setItem('mate.locale', chosen), locale);
    await page.reload();
    await expect(page.getByTestId('export-run')).toBeEnabled();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    // Keyboard: the format by arrows, Export by Enter.
    await page.getByTestId('export-format-csv').locator('input').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('export-format-xlsx')).toHaveAttribute('data-state', 'checked');
    const download = page.waitForEvent('download');
    await page.getByTestId('export-run').focus();
    await page.keyboard.press('Enter');
    await download;
    await expect(page.getByTestId('export-done')).toBeVisible();
    await page.screenshot({ path: `test-results/report-export-${theme}-${locale}-${width}.png`, fullPage: true });
  });
}
