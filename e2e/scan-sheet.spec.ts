import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { settled } from './support/settled';

// The random scan sheet (docs/scan-sheet.md): opened from the navigation in Mate Deutschland (the demo articles'
// tenant), a count and a layout chosen by keyboard, the preview of the first page, the PDF downloaded; the seed in
// the URL keeps the same sheet over a reload, "Other articles" draws others. Light English at 1440 px and dark
// Arabic at 390 px, axe-scanned, screenshots in test-results/.
const PASSWORD = 'scan-sheet-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

const codes = (page: Page) => page.getByTestId('sheet-cell').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-code')));

test('prints a sheet of random barcodes from the navigation: count and layout by keyboard, preview, PDF, the same after a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await page.getByTestId('organisation-selector').click();
  await expect(page.getByTestId('organisation-list')).toBeVisible();
  await settled(page);
  await page.getByTestId('organisation-list').getByTestId('organisation-option').filter({ hasText: 'Mate Deutschland' }).first().click();
  await expect(page.getByTestId('organisation-selector')).toHaveAccessibleName('Organisation: Mate Deutschland');
  await page.getByTestId('mega-menu-/tools').click();
  await page.getByRole('link', { name: 'Random scan sheet', exact: true }).click();
  await expect(page).toHaveURL(/\/tools\/scan-sheet\?count=24&layout=a4-3x8&seed=\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('sheet-cell')).toHaveCount(24);

  // Keyboard: 10 barcodes on the 2 x 5 grid.
  const count = page.getByLabel('Barcodes');
  await count.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('10');
  const layout = page.getByLabel('Sheet layout');
  await layout.focus();
  await layout.selectOption('a4-2x5');
  await expect(page).toHaveURL(/count=10&layout=a4-2x5&seed=\d+/);
  await expect(page.getByTestId('sheet-cell')).toHaveCount(10);
  await expect(page.getByTestId('sheet-summary')).toContainText('Barcodes: 10; pages: 1;');
  await expect(page.getByRole('img', { name: /^Barcode / })).toHaveCount(10);
  const shown = await codes(page);

  // A bad count is named and changes nothing.
  await count.fill('500');
  await expect(page.getByText('From 1 to 200')).toBeVisible();
  await expect(page).toHaveURL(/count=10&/);
  await count.fill('10');

  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await saved;
  const seed = /seed=(\d+)/.exec(page.url())![1];
  expect(file.suggestedFilename()).toBe(`scan-sheet-${seed}.pdf`);
  expect(readFileSync((await file.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page, 'scan sheet, English, light, 1440');
  await page.screenshot({ path: 'test-results/scan-sheet-en-light-1440.png', fullPage: true });

  // The seed in the URL: the same articles after a reload; "Other articles" draws another seed and other articles.
  await page.reload();
  await expect(page.getByTestId('sheet-cell')).toHaveCount(10, { timeout: 30_000 });
  expect(await codes(page)).toEqual(shown);
  await page.getByRole('button', { name: 'Other articles' }).click();
  await expect(page).not.toHaveURL(new RegExp(`seed=${seed}$`));
  await expect.poll(() => codes(page)).not.toEqual(shown);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('mate.locale', 'ar'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 30_000 });
  await expect(page.getByTestId('sheet-cell')).toHaveCount(10);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'scan sheet, Arabic, dark, 390');
  await page.screenshot({ path: 'test-results/scan-sheet-ar-dark-390.png', fullPage: true });
});
