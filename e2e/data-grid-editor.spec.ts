import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { openInApp } from './support/open-in-app';

const PASSWORD = 'grid-editor-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

const REASONS = '/data/pos-operating/reservation-reject-reason';
const isList = (url: string, kind: string) => new URL(url).pathname === `/api/data/${kind}`;

async function openGrid(page: Page, path: string): Promise<void> {
  await openInApp(page, mate.url, path);
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toBeVisible();
}

async function createReason(page: Page, code: string, text: string): Promise<void> {
  await page.getByTestId('cmd-new').click();
  const editor = page.getByTestId('new-record').getByTestId('record-editor');
  await editor.locator('[data-field="Code"] input').fill(code);
  await editor.locator('[data-field="Text"] input').fill(text);
  const message = editor.locator('[data-field="CustomerMessage"] textarea');
  if (await message.count()) await message.fill('Sorry.');
  await editor.getByTestId('editor-save').click();
}

test('a field the server refuses shows its message on the field until it is edited', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await openGrid(page, REASONS);
  const code = `E${Date.now().toString(36).toUpperCase()}`;
  await createReason(page, code, 'First');
  await expect(page.getByText('Saved.').first()).toBeVisible();
  await expect(page.getByTestId('new-record')).toHaveCount(0);

  await createReason(page, code, 'Second');
  const editor = page.getByTestId('new-record').getByTestId('record-editor');
  const codeField = editor.locator('[data-field="Code"]');
  await expect(codeField).toContainText('already exists');
  await expect(editor.getByTestId('server-errors')).toBeVisible(); // a one-line summary naming the fields
  await expect(editor.locator('[data-error-count]').first()).toHaveText('1');
  await codeField.locator('input').fill(`${code}2`);
  await expect(codeField).not.toContainText('already exists');
  await expect(editor.getByTestId('server-errors')).toHaveCount(0);
  await editor.getByTestId('editor-save').click();
  await expect(page.getByTestId('new-record')).toHaveCount(0);
});

test('Refresh of an unchanged list is answered 304 and keeps the rows and the extended row', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await openGrid(page, REASONS);
  const rows = await page.getByTestId('data-grid').getAttribute('data-rows');
  test.skip(Number(rows) === 0, 'no rows in this grid');
  await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).click();
  await expect(page.getByTestId('row-details')).toHaveAttribute('data-phase', 'ready');
  const firstRow = await page.locator('.rdg-row').first().textContent();

  const answer = page.waitForResponse((r) => isList(r.url(), 'pos-operating/reservation-reject-reason'));
  await page.getByTestId('grid-search').click();
  const response = await answer;
  expect(response.request().headers()['if-none-match']).toMatch(/^W\/"/);
  expect(response.status()).toBe(304);
  await expect(page.getByTestId('row-details')).toBeVisible();
  await expect(page.getByTestId('data-grid')).toHaveAttribute('data-rows', rows!);
  expect(await page.locator('.rdg-row').first().textContent()).toBe(firstRow);
});

test('the query form searches text by contained text and numbers by range, and the link keeps them', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, mate.url, PASSWORD);
  // Contained text, case-insensitive.
  await page.goto(`${mate.url}${REASONS}`);
  const code = `Q${Date.now().toString(36).toUpperCase()}`;
  await createReason(page, code, 'Findable reason');
  await expect(page.getByTestId('new-record')).toHaveCount(0);
  await page.locator('[data-query-field="Text"]').fill('DABLE REA');
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toHaveAttribute('data-rows', '1');
  await expect(page.locator('.rdg-row').first()).toContainText(code);

  // A number range.
  await page.goto(`${mate.url}/data/tenancy/pos-terminal`);
  const all = page.waitForResponse((r) => isList(r.url(), 'tenancy/pos-terminal'));
  await page.getByTestId('grid-search').click();
  const items = ((await (await all).json()) as { items: { TerminalNumber: number }[] }).items;
  test.skip(items.length === 0, 'no terminals for this tenant');
  const numbers = items.map((i) => i.TerminalNumber).sort((a, b) => a - b);
  const from = numbers[0]!;
  const to = numbers[Math.floor(numbers.length / 2)]!;
  await page.locator('[data-query-field="TerminalNumber"][data-bound="from"]').fill(String(from));
  await page.locator('[data-query-field="TerminalNumber"][data-bound="to"]').fill(String(to));
  const ranged = page.waitForResponse((r) => isList(r.url(), 'tenancy/pos-terminal') && r.status() === 200);
  await page.getByTestId('grid-search').click();
  const found = ((await (await ranged).json()) as { items: { TerminalNumber: number }[] }).items;
  expect(found.length).toBeGreaterThan(0);
  for (const item of found) expect(item.TerminalNumber >= from && item.TerminalNumber <= to, String(item.TerminalNumber)).toBe(true);

  await page.getByTestId('cmd-copy-link').click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  await page.goto(link);
  await expect(page.locator('[data-query-field="TerminalNumber"][data-bound="to"]')).toHaveValue(String(to));
  await expect(page.getByTestId('data-grid')).toHaveAttribute('data-rows', String(found.length));
});
