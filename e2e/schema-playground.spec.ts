import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { expect, test, type Page } from './support/test';

// The schema playground (docs/metadata.md "Schema playground"): opened from the Tools menu with its example, a new
// field with a misspelt type gives the checker's message with its near-miss, a click puts the cursor there, the fix
// shows the field in the compiled schema, the sample grid and the editor, and a value over its maximum gets the
// editor's validation message. Nothing is written: the page only reads the catalogue. Light English at 1440 px, dark
// Arabic at 390 px (panels stacked, the document left to right), screenshots in test-results/.
const PASSWORD = 'schema-playground-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

/** A small kind with a field Stock of the given type, shown in the grid. */
function withStock(type: string): string {
  const doc = {
    area: 'playground',
    entity: 'example',
    version: 1,
    label: { en: 'Example', ar: 'مثال' },
    navigation: '/data/playground',
    scope: 'tenant',
    fields: [
      { name: 'Name', type: 'String', required: true, maxLength: 40, label: { en: 'Name', ar: 'الاسم' } },
      { name: 'Stock', type, managedType: 'int32', min: 0, max: 999, label: { en: 'Stock', ar: 'المخزون' } },
    ],
    extensions: { grid: { columns: [{ field: 'Name' }, { field: 'Stock' }] } },
  };
  return JSON.stringify(doc, null, 2);
}

/** Replaces the document in the code editor, as a paste would. */
async function replaceDocument(page: Page, text: string): Promise<void> {
  await page.getByTestId('playground-document').locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

test('checks, compiles and previews a document as it is edited, without saving anything', async ({ page }) => {
  test.setTimeout(180_000);
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/') && !request.url().includes('/api/auth/') && !request.url().includes('/api/hub/')) writes.push(`${request.method()} ${request.url()}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await page.getByTestId('mega-menu-/tools').click();
  await page.getByRole('link', { name: 'Schema playground', exact: true }).click();
  await expect(page).toHaveURL(/\/tools\/schema-playground$/);
  await expect(page.getByTestId('playground-status')).toHaveText('No messages: the server would load this document.', { timeout: 30_000 });
  await expect(page.getByTestId('playground-schema')).toContainText('"$schema": "http://json-schema.org/draft-07/schema#"');
  // The kinds of the catalogue are offered to start from.
  await expect(page.getByTestId('playground-source').locator('option')).not.toHaveCount(1);

  // A misspelt type: the message names the field, the path and the type it most likely meant.
  await replaceDocument(page, withStock('Numbr'));
  const message = page.getByTestId('playground-message');
  await expect(message).toHaveCount(1);
  await expect(message).toHaveAttribute('data-path', '/fields/1/type');
  await expect(message).toContainText(`field 'Stock': "Numbr" is not allowed here; use one of: String, Number, Boolean, Object, Array (did you mean 'Number'?)`);
  await expect(page.getByTestId('playground-status')).toHaveText('1 message');
  await expect(page.getByTestId('playground-stale')).toBeVisible();
  // Enter on the message (keyboard) puts the cursor on the value it names.
  await message.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('playground-document').locator('.cm-content')).toBeFocused();
  await page.keyboard.press('Shift+End');
  expect(await page.evaluate(() => document.getSelection()?.toString())).toMatch(/^"Numbr"/);

  // Fixed: the field is in the schema, the grid and the editor.
  await replaceDocument(page, withStock('Number'));
  await expect(page.getByTestId('playground-status')).toHaveText('No messages: the server would load this document.');
  await expect(page.getByTestId('playground-stale')).toHaveCount(0);
  await expect(page.getByTestId('playground-schema')).toContainText('"Stock": {');
  await page.getByTestId('playground-tab-grid').click();
  const grid = page.getByTestId('playground-grid');
  await expect(grid.getByRole('columnheader', { name: 'Stock' })).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(6);
  await expect(grid.getByRole('row').nth(1)).toContainText('Name 112');
  await page.screenshot({ path: 'test-results/schema-playground-grid-en-light-1440.png', fullPage: true });

  await page.getByTestId('playground-tab-editor').click();
  const editor = page.getByTestId('playground-editor');
  await expect(page.getByTestId('playground-editor-status')).toHaveText('The sample record is valid. Nothing is saved.');
  const stock = editor.getByLabel('Stock');
  await stock.fill('5000');
  await expect(editor.locator('[data-field="Stock"]')).toContainText('The value must be at most 999.');
  await expect(page.getByTestId('playground-editor-status')).toHaveText('1 validation message. Nothing is saved.');
  await stock.press('Enter');
  await stock.fill('12');
  await expect(page.getByTestId('playground-editor-status')).toHaveText('The sample record is valid. Nothing is saved.');
  await page.screenshot({ path: 'test-results/schema-playground-editor-en-light-1440.png', fullPage: true });
  expect(writes).toEqual([]);

  // Arabic, dark, 390 px: the panels stack, the page does not scroll sideways, the document stays left to right.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('mate.locale', 'ar'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 30_000 });
  await expect(page.getByTestId('playground-status')).toHaveText('لا توجد رسائل: سيحمّل الخادم هذا المستند.', { timeout: 30_000 });
  await expect(page.getByTestId('playground-document')).toHaveAttribute('dir', 'ltr');
  await replaceDocument(page, withStock('Numbr'));
  await expect(message).toContainText("(did you mean 'Number'?)");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/schema-playground-ar-dark-390.png', fullPage: true });
  await replaceDocument(page, withStock('Number'));
  await page.getByTestId('playground-tab-grid').click();
  await expect(page.getByTestId('playground-grid').getByRole('columnheader', { name: 'المخزون' })).toBeVisible();
  await page.screenshot({ path: 'test-results/schema-playground-grid-ar-dark-390.png', fullPage: true });
  expect(writes).toEqual([]);
});
