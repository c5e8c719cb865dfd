import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: 'code-editor-e2e-password' });
// Demo data (docs/demo-data.md): report definitions belong to Mate Deutschland, the primary tenant of manager.de.
const DEMO_PASSWORD = 'demo-pass-1';
const SHOTS = process.env.MATE_SCREENSHOTS;

const editorUrl = (params: Record<string, string>, prefix = '') => `${mate.url}${prefix}/tools/editor?${new URLSearchParams(params).toString()}`;

async function openEditor(page: Page, params: Record<string, string>, prefix = ''): Promise<void> {
  await page.goto(editorUrl(params, prefix));
  await expect(page.getByTestId('code-editor').locator('.cm-content')).toBeVisible({ timeout: 30_000 });
}

const content = (page: Page) => page.getByTestId('code-editor').locator('.cm-content');

test.describe('tools/editor, anonymous', () => {
  test('opens without signing in and shows the content, JSON highlighted and checked', async ({ page }) => {
    await openEditor(page, { languageMode: 'json', content: '{\n  "width": 42,\n  "title": "Receipt"\n}' });
    await expect(page).toHaveURL(/\/tools\/editor\?/); // no detour to the sign-in page
    await expect(page.getByTestId('code-editor')).toHaveAttribute('data-language', 'json');
    await expect(content(page)).toContainText('"width": 42');
    await expect(page.locator('.cm-line')).toHaveCount(4);
    // The JSON grammar marks property names, numbers and strings as tokens of their own.
    await expect(content(page).locator('span').first()).toBeVisible();
    expect(await content(page).locator('span').count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId('code-editor-status')).toHaveText('JSON is well-formed.');
    // Typing breaks it; the status names the line.
    await page.locator('.cm-line').nth(1).click();
    await page.keyboard.press('End');
    await page.keyboard.insertText(' x');
    await expect(page.getByTestId('code-editor-status')).toHaveText(/^Line 2, column 16:/);
  });

  test('highlights XML and names an end tag that does not match', async ({ page }) => {
    await openEditor(page, { languageMode: 'xml', content: '<receipt width="42">\n  <line>Total</line>\n</receipt>' });
    await expect(page.getByTestId('code-editor')).toHaveAttribute('data-language', 'xml');
    expect(await content(page).locator('span').count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId('code-editor-status')).toHaveText('XML is well-formed.');
    await openEditor(page, { languageMode: 'xml', content: '<receipt>\n  <line>\n</receipt>' });
    await expect(page.getByTestId('code-editor-status')).toHaveText('Line 3, column 1: This end tag does not close the open element. (line)');
    // Plain text has no grammar: no tokens, no status.
    await openEditor(page, { languageMode: 'yaml', content: 'width: 42 and "quoted" words' });
    await expect(page.getByTestId('code-editor')).toHaveAttribute('data-language', 'text');
    await expect(content(page).locator('span')).toHaveCount(0);
    await expect(page.getByTestId('code-editor-status')).toHaveCount(0);
  });

  test('readOnly refuses typing; without it the text changes', async ({ page }) => {
    await openEditor(page, { readOnly: 'true', content: 'fixed text' });
    await expect(content(page)).toHaveAttribute('aria-readonly', 'true');
    await expect(page.getByTestId('code-editor-read-only')).toBeVisible();
    await content(page).click();
    await page.keyboard.type('typed');
    await page.keyboard.press('Backspace');
    await expect(content(page)).toHaveText('fixed text');
    await openEditor(page, { content: 'fixed text' });
    await content(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type('!');
    await expect(content(page)).toHaveText('fixed text!');
  });

  test('lineWrapping wraps a long line; without it the line scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    await openEditor(page, { lineWrapping: 'true', content: long });
    await expect(content(page)).toHaveClass(/cm-lineWrapping/);
    const line = page.locator('.cm-line').first();
    const lineHeight = await page.evaluate(() => {
      const probe = document.querySelector('.cm-line')!;
      return parseFloat(getComputedStyle(probe).lineHeight) || 20;
    });
    expect((await line.boundingBox())!.height).toBeGreaterThan(lineHeight * 2);
    const scroller = page.locator('.cm-scroller');
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    await openEditor(page, { content: long });
    await expect(content(page)).not.toHaveClass(/cm-lineWrapping/);
    expect((await page.locator('.cm-line').first().boundingBox())!.height).toBeLessThan(lineHeight * 2);
    expect(await page.locator('.cm-scroller').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });

  test('boxed frames the editor at the boxed width; without it the editor takes the page width', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openEditor(page, { boxed: 'true', content: 'boxed' });
    const boxed = page.getByTestId('code-editor-page');
    await expect(boxed).toHaveAttribute('data-boxed', 'true');
    expect((await boxed.boundingBox())!.width).toBeLessThanOrEqual(1200);
    await openEditor(page, { content: 'full' });
    await expect(page.getByTestId('code-editor-page')).not.toHaveAttribute('data-boxed', /.*/);
    expect((await page.getByTestId('code-editor-page').boundingBox())!.width).toBeGreaterThan(1300);
  });

  test('keyboard: Tab indents inside the editor, Escape then Tab leaves it, Ctrl+M makes Tab move focus', async ({ page }) => {
    await openEditor(page, { content: 'a' });
    await content(page).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await expect(content(page)).toHaveText(/^\s+a$/);
    await expect(content(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(content(page)).not.toBeFocused();
    await content(page).click();
    await page.keyboard.press('Control+m');
    await page.keyboard.press('Tab');
    await expect(content(page)).not.toBeFocused();
    await expect(page.getByTestId('code-editor-keyboard-hint')).toContainText('Esc');
  });

  test('works in the embedded layout and in Arabic keeps the code left to right', async ({ page }) => {
    await openEditor(page, { languageMode: 'json', content: '{"a": 1}' }, '/e');
    await expect(page.getByTestId('embedded-layout')).toBeVisible();
    await page.evaluate(() => localStorage.setItem('mate.locale', 'ar'));
    await openEditor(page, { languageMode: 'json', content: '{"a": 1}' });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('code-editor')).toHaveAttribute('dir', 'ltr');
  });
});

test.describe('the modal code editor in the generic editor', () => {
  async function openReportRecord(page: Page): Promise<string> {
    await signIn(page, mate.url, DEMO_PASSWORD, '/data/pos-preferences/report-engine', 'data-grid-page', 'manager.de');
    await page.getByTestId('grid-search').click();
    await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).click();
    await page.getByTestId('row-open-page').click();
    await expect(page.getByTestId('record-page').getByTestId('record-editor')).toBeVisible();
    return page.url();
  }

  const chartOptions = (page: Page) => page.locator('[data-field="ChartOptions"]');

  async function showOutputTab(page: Page): Promise<void> {
    await page.getByRole('tab', { name: /^Output/ }).click();
    await expect(chartOptions(page).getByTestId('code-field-open')).toBeVisible();
  }

  test('edits a JSON field: a problem is named by its line, the fixed text is saved and survives a reload', async ({ page }) => {
    const url = await openReportRecord(page);
    await showOutputTab(page);
    const open = chartOptions(page).getByTestId('code-field-open');
    await open.click();
    const modal = page.getByTestId('modal-code-editor');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Chart options (JSON)');
    const input = modal.locator('.cm-content');
    await expect(input).toBeFocused();
    await page.keyboard.insertText('{\n  "type": "bar",\n  "stacked": tru\n}');
    await modal.getByTestId('modal-code-editor-ok').click();
    await expect(modal.getByTestId('modal-code-editor-error')).toHaveText(/^Line 3, column/);
    await expect(modal.getByTestId('modal-code-editor-error')).toHaveAttribute('data-line', '3');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/modal-code-editor-error.png` });
    await page.locator('.cm-line').nth(2).click();
    await page.keyboard.press('End');
    await page.keyboard.insertText('e');
    await expect(modal.getByTestId('modal-code-editor-error')).toHaveCount(0);
    await modal.getByTestId('modal-code-editor-ok').click();
    await expect(modal).toHaveCount(0);
    await expect(open).toBeFocused(); // focus is back on the field
    await expect(chartOptions(page).getByTestId('code-field-preview')).toContainText('"stacked": true');

    await page.getByTestId('editor-save').click();
    await expect(page.getByText('Saved.').first()).toBeVisible();
    await page.goto(url);
    await expect(page.getByTestId('record-page').getByTestId('record-editor')).toBeVisible({ timeout: 30_000 });
    await showOutputTab(page);
    await expect(chartOptions(page).getByTestId('code-field-preview')).toContainText('"type": "bar"');
    await expect(chartOptions(page).getByTestId('code-field-preview')).toContainText('"stacked": true');

    // Cancel (and Escape outside the code) keeps the value.
    await chartOptions(page).getByTestId('code-field-open').click();
    await expect(modal).toBeVisible();
    await page.keyboard.insertText('garbage');
    await modal.getByTestId('modal-code-editor-cancel').click();
    await expect(modal).toHaveCount(0);
    await expect(chartOptions(page).getByTestId('code-field-preview')).not.toContainText('garbage');
  });

  test("says 'Modal Code Editor not provided' when the modal code editor cannot be had", async ({ page }) => {
    await openReportRecord(page);
    // The registered editor's code is fetched on first use: without it, the field reports the spec's rejection.
    await page.route(/\/assets\/modal-code-editor-(?!registry)[^/]+\.js$/, (route) => route.abort());
    await showOutputTab(page);
    await chartOptions(page).getByTestId('code-field-open').click();
    await expect(chartOptions(page).getByTestId('code-editor-missing')).toHaveText('Modal Code Editor not provided');
    await expect(page.getByTestId('modal-code-editor')).toHaveCount(0);
  });
});
