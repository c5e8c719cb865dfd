import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// The POS button layouts (docs/pos-layouts.md) and the retail icon gallery: a quick-access layout opened from the
// navigation, created, buttons placed and resized by mouse and by keyboard, an overlap refused, saved and seen again
// after a reload; the gallery searched and used by keyboard; light and dark, English and Arabic, 1440 and 390 px,
// axe-scanned, screenshots in test-results/.
const PASSWORD = 'quick-access-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

const button = (page: Page, id: string): Locator => page.locator(`[data-testid="layout-button"][data-button-id="${id}"]`);

/** Drags from the centre of `from` by whole cells of the grid. */
async function dragByCells(page: Page, from: Locator, columns: number, rows: number): Promise<void> {
  const grid = (await page.getByTestId('layout-grid').boundingBox())!;
  const box = (await from.boundingBox())!;
  const cell = { w: grid.width / 6, h: grid.height / 4 };
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + (columns * cell.w) / 2, start.y + (rows * cell.h) / 2, { steps: 4 });
  await page.mouse.move(start.x + columns * cell.w, start.y + rows * cell.h, { steps: 4 });
  await page.mouse.up();
}

test('creates a layout from the navigation, places and resizes buttons by mouse and keyboard, refuses an overlap, keeps it over a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await page.getByTestId('mega-menu-/settings').click();
  await page.getByRole('link', { name: 'Quick accesses', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/pos\/quick-accesses$/);
  await expect(page.getByTestId('layout-list')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('layout-create').click();
  await page.getByTestId('layout-create-dialog-name').fill('Front counter');
  await expect(page.getByTestId('layout-create-dialog-scope')).toHaveValue(/^TENANT:\d+$/);
  await page.getByTestId('layout-create-dialog-confirm').click();
  await expect(page).toHaveURL(/\/settings\/pos\/quick-accesses\/\d+$/);
  await expect(page.getByTestId('layout-editor')).toBeVisible();

  await page.getByTestId('layout-add-button').click();
  await page.getByTestId('layout-add-button').click();
  await expect(button(page, 'b1')).toHaveAttribute('data-cell', '0,0,1,1');
  await expect(button(page, 'b2')).toHaveAttribute('data-cell', '1,0,1,1');

  // By mouse: b2 dragged two columns right and two rows down, then its corner one cell further each way.
  await dragByCells(page, button(page, 'b2'), 2, 2);
  await expect(button(page, 'b2')).toHaveAttribute('data-cell', '3,2,1,1');
  await dragByCells(page, button(page, 'b2').getByTestId('resize-handle'), 1, 1);
  await expect(button(page, 'b2')).toHaveAttribute('data-cell', '3,2,2,2');

  // By keyboard: b1 moved by arrows, widened by Shift+arrow, announced.
  await button(page, 'b1').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(button(page, 'b1')).toHaveAttribute('data-cell', '1,1,2,1');
  await expect(page.getByTestId('layout-announcement')).toContainText('column 2, row 2, 2 by 1 cells');

  // An overlap is shown at once and refused; one step back and the layout may be saved.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(button(page, 'b1')).toHaveAttribute('data-cell', '1,2,3,1');
  await expect(page.getByTestId('layout-problems')).toContainText('overlaps button 1');
  await page.getByTestId('layout-save').click();
  await expect(page.getByText('The layout has problems')).toBeVisible();
  await button(page, 'b1').focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.getByTestId('layout-problems')).toContainText('No problems');

  await page.getByTestId('button-label').fill('Cash');
  await page.getByTestId('button-icon').selectOption('banknote');
  await expect(page.getByTestId('button-contrast')).toContainText('readable');
  await page.getByTestId('layout-save').click();
  await expect(page.getByText('Layout saved')).toBeVisible();
  await expect(page.getByTestId('layout-save')).toBeDisabled();

  await page.reload();
  await expect(button(page, 'b1')).toHaveAttribute('data-cell', '1,2,2,1', { timeout: 30_000 });
  await expect(button(page, 'b2')).toHaveAttribute('data-cell', '3,2,2,2');
  await expect(button(page, 'b1')).toContainText('Cash');

  await page.getByTestId('layout-preview-toggle').click();
  await expect(page.getByTestId('layout-preview')).toBeVisible();
  await page.getByTestId('layout-screen').selectOption('1280x800');
  await expectAccessible(page, 'layout editor, English, light, 1440');
  await page.screenshot({ path: 'test-results/quick-access-editor-en-light-1440.png', fullPage: true });
  await page.getByTestId('layout-discard').click();

  await page.getByRole('link', { name: /All layouts/ }).click();
  const row = page.getByTestId('layout-table').getByRole('row', { name: /Front counter/ });
  await expect(row).toContainText('6 x 4, 2 buttons');
  await expectAccessible(page, 'layout list, English, light, 1440');
  await page.screenshot({ path: 'test-results/quick-access-list-en-light-1440.png', fullPage: true });

  // Arabic, dark, 390 px: the editor fits, and the arrows follow the right-to-left grid.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('mate.locale', 'ar'));
  await page.setViewportSize({ width: 390, height: 844 });
  await row.getByRole('link').click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 30_000 });
  await expect(button(page, 'b1')).toHaveAttribute('data-cell', '1,2,2,1');
  await button(page, 'b1').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(button(page, 'b1')).toHaveAttribute('data-cell', '2,2,2,1');
  await button(page, 'b1').click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'layout editor, Arabic, dark, 390');
  await page.screenshot({ path: 'test-results/quick-access-editor-ar-dark-390.png', fullPage: true });
  await page.getByTestId('layout-discard').click();
});

test('the retail icon gallery is searchable and keyboard navigable, and copies an icon name', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await page.getByTestId('mega-menu-/tools').click();
  await page.getByRole('link', { name: 'Retail icons', exact: true }).click();
  await expect(page.getByTestId('retail-icons')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('retail-icon-search').fill('discount');
  await expect(page.locator('[data-icon-name]')).toHaveCount(3);
  await page.locator('[data-icon-name]').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-icon-name="badge-percent"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('badge-percent');
  await expectAccessible(page, 'retail icons, English, light, 1440');
  await page.screenshot({ path: 'test-results/retail-icons-en-light-1440.png', fullPage: true });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('mate.locale', 'ar'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 30_000 });
  await expect(page.locator('[data-icon-name]').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'retail icons, Arabic, dark, 390');
  await page.screenshot({ path: 'test-results/retail-icons-ar-dark-390.png', fullPage: true });
});
