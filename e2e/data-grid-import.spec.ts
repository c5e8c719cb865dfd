import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const PASSWORD = 'import-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

test('article import follows its definition: the guide, a GTIN row rule blocking a file, a good file imported', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await page.goto(`${mate.url}/data/pos-supply/article`);
  await page.getByTestId('cmd-import').click();

  // The column guide lists the shown columns with label and description; SizeSortingIndex is not shown.
  const guide = page.getByTestId('import-columns');
  await expect(guide.locator('[data-field="GTIN"]')).toHaveAttribute('data-required-for-gtin', 'true');
  await expect(guide.locator('[data-field="InternalNumber"]')).toHaveAttribute('data-required', 'true');
  await expect(guide.locator('[data-field="InternalNumber"]')).toContainText('Mandatory and unique');
  await expect(guide.locator('[data-field="SizeSortingIndex"]')).toHaveCount(0);
  await expect(page.getByTestId('import-template')).toBeVisible();

  const stamp = Date.now().toString(36).toUpperCase();
  // Headers by field name and by label; row 2 has no GTIN although row 1 has one.
  const bad = `InternalNumber,Short text,GTIN,VAT rate\nE${stamp}-1,Apple,4006381333931,19\nE${stamp}-2,Pear,,7\n`;
  await page.getByTestId('import-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await expect(page.getByTestId('import-row')).toHaveCount(2);
  const invalid = page.locator('[data-testid="import-row"][data-invalid]');
  await expect(invalid).toHaveCount(1);
  await expect(invalid.locator('[data-cell="GTIN"]')).toHaveAttribute('title', /GTIN is required in a GTIN import: row 1 has a GTIN/);
  await expect(invalid.getByTestId('import-row-errors')).toContainText('GTIN');
  await expect(page.getByTestId('import-run')).toBeDisabled();

  const good = `InternalNumber,Short text,GTIN,VAT rate,Image name\nE${stamp}-1,Apple,4006381333931,19,apple.jpg\nE${stamp}-2,Pear,5901234123457,7,pear.png\n`;
  await page.getByTestId('import-file').setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await expect(page.getByTestId('import-row')).toHaveCount(2);
  await expect(invalid).toHaveCount(0);
  await page.getByTestId('import-run').click();
  await expect(page.getByText('2 records imported.')).toBeVisible();
  await page.getByTestId('quick-search').fill(`E${stamp}`);
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toHaveAttribute('data-rows', '2');
});
