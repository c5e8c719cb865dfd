import { expect, test, type Page } from './support/test';
import { serveMateForSpec } from './support/spec-server';

const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: 'unsaved-e2e-password' });
// Demo data (docs/demo-data.md): the articles belong to Mate Deutschland, the primary tenant of manager.de.
const DEMO_PASSWORD = 'demo-pass-1';
const SHOTS = process.env.MATE_SCREENSHOTS;

/** The editor's first text box, the article number. */
const articleNumber = (page: Page) => page.getByTestId('row-details').getByRole('textbox').first();
const cellOfRow = (page: Page, row: number) => page.locator('.rdg-row').nth(row).locator('.rdg-cell').nth(1);

async function editFirstArticle(page: Page): Promise<void> {
  await page.goto(`${mate.url}/data/pos-supply/article`);
  await page.getByLabel('Username').fill('manager.de');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  // The first visit compiles the kind's metadata on a busy machine: more than the default 10 s is allowed.
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('grid-search').click();
  await cellOfRow(page, 0).dblclick();
  const details = page.getByTestId('row-details');
  await expect(details).toHaveAttribute('data-mode', 'edit');
  await expect(details.getByTestId('record-editor')).toBeVisible();
  await articleNumber(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type('X');
}

test('opening another row with unsaved edits asks first; Keep editing keeps them, Discard opens the other row', async ({ page }) => {
  await editFirstArticle(page);
  const text = articleNumber(page);
  const edited = await text.inputValue();
  expect(edited).toMatch(/X$/);
  // The row below the open one sits after its details line.
  await page.locator('.rdg-row').filter({ hasText: 'A00000002' }).locator('.rdg-cell').nth(1).click();
  const dialog = page.getByTestId('unsaved-dialog');
  await expect(dialog).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/unsaved-dialog.png` });
  await page.getByTestId('unsaved-keep').click();
  await expect(dialog).toBeHidden();
  await expect(text).toHaveValue(edited);

  await page.locator('.rdg-row').filter({ hasText: 'A00000002' }).locator('.rdg-cell').nth(1).click();
  await page.getByTestId('unsaved-discard').click();
  await expect(page.getByTestId('row-details')).toContainText('A00000002');
});

test('leaving the page with unsaved edits asks first, by link and by reloading the tab', async ({ page }) => {
  await editFirstArticle(page);
  const edited = await articleNumber(page).inputValue();

  // Reloading: the browser's own question; dismissing it stays on the page with the edits.
  const asked = new Promise<string>((resolve) => page.once('dialog', (prompt) => (resolve(prompt.type()), void prompt.dismiss())));
  void page.reload().catch(() => undefined);
  expect(await asked).toBe('beforeunload');
  await expect(articleNumber(page)).toHaveValue(edited);

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('unsaved-dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/data\/pos-supply\/article/);

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByTestId('unsaved-discard').click();
  await expect(page).not.toHaveURL(/\/data\/pos-supply\/article/);
});
