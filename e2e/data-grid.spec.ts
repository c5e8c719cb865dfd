import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { openInApp } from './support/open-in-app';

const PASSWORD = 'grid-e2e-password';

interface NavItem {
  path: string;
  component?: string;
  entity?: string;
  children?: NavItem[];
}
const flatten = (items: NavItem[]): NavItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
// e2e may read the catalogue's navigation: every data grid of the product.
const GRIDS = flatten(JSON.parse(readFileSync('server/metadata/navigation.json', 'utf8')) as NavItem[]).filter((item) => item.component === 'data-grid');

const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

async function openGrid(page: Page, path: string): Promise<void> {
  await openInApp(page, mate.url, path);
  await expect(page.getByTestId('data-grid-page')).toBeVisible();
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toBeVisible();
}

// Every grid of the navigation opening, with a row's details, is data-grid-every-kind.spec.ts (with a record created
// and edited in each); a deep link into the app is app-start.spec.ts.

test('a row opens for editing by double click and saves unchanged as a success (304)', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  const withRows = GRIDS.find((g) => g.entity?.startsWith('pos-operating/')) ?? GRIDS[0]!;
  await openGrid(page, withRows.path);
  test.skip(Number(await page.getByTestId('data-grid').getAttribute('data-rows')) === 0, 'no rows in this grid');
  await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).dblclick();
  await expect(page.getByTestId('row-details')).toHaveAttribute('data-mode', 'edit');
  await expect(page.getByTestId('editor-close')).toHaveText('Close');
  await page.getByTestId('editor-save').click();
  await expect(page.getByText('Saved.')).toBeVisible();
});

test('the Search button reads Start, then Refresh, and the shared link restores the query', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, mate.url, PASSWORD);
  const grid = GRIDS[0]!;
  await page.goto(`${mate.url}${grid.path}`);
  await expect(page.getByTestId('grid-search')).toHaveText('Start');
  await page.getByTestId('quick-search').fill('a');
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('grid-search')).toHaveText('Refresh');
  await page.getByTestId('cmd-copy-link').click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('%24k=');
  await page.goto(link);
  await expect(page.getByTestId('quick-search')).toHaveValue('a');
  await expect(page.getByTestId('data-grid')).toBeVisible();
});

test('paste refuses a foreign type and creates from a matching one', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, mate.url, PASSWORD);
  const grid = GRIDS.find((g) => g.entity === 'pos-operating/return-reason') ?? GRIDS[0]!;
  await page.goto(`${mate.url}${grid.path}`);
  await page.evaluate(() => navigator.clipboard.writeText('{"type":"x/y","data":{}}'));
  await page.getByTestId('cmd-paste').click();
  await expect(page.getByText('Invalid clipboard type')).toBeVisible();
  await page.evaluate(() => navigator.clipboard.writeText('not json'));
  await page.getByTestId('cmd-paste').click();
  await expect(page.getByText('Wrong clipboard format')).toBeVisible();
  await page.evaluate((type) => navigator.clipboard.writeText(JSON.stringify({ type, data: {} })), grid.entity!);
  await page.getByTestId('cmd-paste').click();
  await expect(page.getByTestId('new-record')).toBeVisible();
});

test('keyboard only: Enter on a cell extends the row, F2 opens its editor', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  const grid = GRIDS.find((g) => g.entity?.startsWith('pos-operating/')) ?? GRIDS[0]!;
  await openGrid(page, grid.path);
  test.skip(Number(await page.getByTestId('data-grid').getAttribute('data-rows')) === 0, 'no rows in this grid');
  // Tab from the Search button into the grid, down to the first row.
  await page.getByTestId('grid-search').focus();
  for (let i = 0; i < 8 && !(await page.evaluate(() => !!document.activeElement?.closest('.rdg'))); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('row-details')).toHaveAttribute('data-mode', 'details');
  await expect(page.getByTestId('row-details')).toHaveAttribute('data-phase', 'ready');
  await page.keyboard.press('F2');
  await expect(page.getByTestId('row-details')).toHaveAttribute('data-mode', 'edit');
  // Typing goes into the editor, not to the grid's cell navigation.
  await page.getByTestId('record-editor').locator('input[type="text"]:not([readonly]):not([disabled])').first().focus();
  await page.keyboard.press('End');
  await page.keyboard.type('X');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('editor-close')).toHaveText('Cancel');
});

test('two users: the second save meets the conflict resolver', async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await signIn(a, mate.url, PASSWORD);
  await signIn(b, mate.url, PASSWORD);
  const grid = GRIDS.find((g) => g.entity?.startsWith('pos-operating/')) ?? GRIDS[0]!;
  for (const page of [a, b]) await openGrid(page, grid.path);
  test.skip(Number(await a.getByTestId('data-grid').getAttribute('data-rows')) === 0, 'no rows in this grid');
  for (const page of [a, b]) {
    await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).dblclick();
    await expect(page.getByTestId('record-editor')).toBeVisible();
  }
  const firstText = (page: Page) => page.getByTestId('record-editor').locator('input[type="text"]:not([readonly]):not([disabled])').first();
  // Both edit; A saves first. (An editor without edits would simply follow A's version: live-hub.spec.ts.)
  await firstText(b).fill(`B ${Date.now()}`);
  await firstText(a).fill(`A ${Date.now()}`);
  await a.getByTestId('editor-save').click();
  await expect(a.getByText('Saved.')).toBeVisible();
  await expect(b.getByTestId('changed-elsewhere')).toBeVisible();
  await b.getByTestId('editor-save').click();
  const resolver = b.getByTestId('conflict-resolver');
  await expect(resolver).toBeVisible();
  // Only the fields that differ, with who changed the record; all fields on request.
  await expect(resolver.locator('tr[data-field][data-differs]')).not.toHaveCount(0);
  await expect(resolver.locator('tr[data-field]:not([data-differs])')).toHaveCount(0);
  await expect(b.getByTestId('conflict-last-change')).toContainText('Changed by admin on');
  await b.getByTestId('conflict-show-all').click();
  await expect(resolver.locator('tr[data-field]:not([data-differs])').first()).toBeVisible();
  // Lookups read as the looked-up record's text, not as the stored oid.
  const lookup = resolver.locator('[data-testid="conflict-theirs"] [data-lookup-value]').first();
  await expect(lookup).not.toHaveText(/^\d*$/);
  await b.screenshot({ path: 'test-results/conflict-resolver.png' });
  await b.getByRole('button', { name: 'Keep mine' }).click();
  await expect(b.getByText('Saved.')).toBeVisible();
});

test('import: a bad row blocks the file, a good file imports in one go', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  const grid = GRIDS.find((g) => g.entity === 'pos-operating/return-reason') ?? GRIDS[0]!;
  await page.goto(`${mate.url}${grid.path}`);
  await page.getByTestId('cmd-import').click();
  const stamp = Date.now().toString(36).toUpperCase();
  await page.getByTestId('import-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(`Code,Text\nI${stamp}A,Fine\nI${stamp}B,\n`) });
  await expect(page.getByTestId('import-row')).toHaveCount(2);
  await expect(page.locator('[data-testid="import-row"][data-invalid]')).toHaveCount(1);
  await expect(page.getByTestId('import-run')).toBeDisabled();
  await page.getByTestId('import-file').setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(`Code,Text\nI${stamp}A,Fine\nI${stamp}B,Also fine\n`) });
  await expect(page.locator('[data-testid="import-row"][data-invalid]')).toHaveCount(0);
  await page.getByTestId('import-run').click();
  await expect(page.getByText('2 records imported.')).toBeVisible();
  await page.getByTestId('quick-search').fill(`I${stamp}`);
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toHaveAttribute('data-rows', '2');
});
