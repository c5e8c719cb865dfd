import { expect, test, type Locator } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// In Arabic a Latin value keeps its own order: 'Umsatzsteuer 19 %' must not read '% Umsatzsteuer 19'.
const PASSWORD = 'rtl-values-e2e-password';
const VALUE = 'Umsatzsteuer 19 %';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

/** Where the value's first and last characters are drawn, from left to right on the screen. */
async function charactersDrawn(element: Locator, text: string): Promise<{ first: number; last: number }> {
  return element.evaluate((root, value) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(value) ?? -1;
      if (at < 0) continue;
      const box = (index: number) => {
        const range = document.createRange();
        range.setStart(node!, index);
        range.setEnd(node!, index + 1);
        return range.getBoundingClientRect();
      };
      return { first: box(at).left, last: box(at + value.length - 1).left };
    }
    throw new Error(`'${value}' is not shown`);
  }, text);
}

test('grid cells and row details isolate Latin values in Arabic', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await page.evaluate(() => localStorage.setItem('mate.locale', 'ar'));
  await page.goto(`${mate.url}/data/pos-supply/tax`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('grid-search').click();
  const cell = page.getByTestId('data-grid').getByRole('gridcell', { name: VALUE, exact: true });
  await expect(cell).toBeVisible();
  const inGrid = await charactersDrawn(cell, VALUE);
  expect(inGrid.first, 'the U is drawn left of the %').toBeLessThan(inGrid.last);

  await cell.click();
  const summary = page.getByTestId('details-summary').locator('[data-field=Name]');
  await expect(summary).toContainText(VALUE);
  const inDetails = await charactersDrawn(summary, VALUE);
  expect(inDetails.first).toBeLessThan(inDetails.last);
});

test('menus and dialogs run right to left in Arabic, like the page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await page.evaluate(() => localStorage.setItem('mate.locale', 'ar'));
  await page.goto(`${mate.url}/data/pos-supply/tax`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The user menu (an Ark menu): its content follows the page, not Ark's default en-US.
  await page.getByTestId('user-menu-button').click();
  const menu = page.getByTestId('user-menu');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('dir', 'rtl');
  expect(await menu.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  await page.keyboard.press('Escape');
  // A dialog: the grid's export.
  await page.getByTestId('cmd-export').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('dir', 'rtl');
  expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  await page.screenshot({ path: 'test-results/rtl-dialog-ar.png' });
});
