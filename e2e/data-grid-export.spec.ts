import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, test } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const PASSWORD = 'export-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
// Demo data (docs/demo-data.md): the articles belong to Mate Deutschland, the primary tenant of manager.de.
const DEMO_PASSWORD = 'demo-pass-1';

test('export writes the two chosen columns under their labels, the tax as its text, by keyboard', async ({ page }) => {
  await signIn(page, mate.url, DEMO_PASSWORD, '/', 'title-bar', 'manager.de');
  await page.goto(`${mate.url}/data/pos-supply/article`);
  // The export writes the query of the form: one demo article.
  await page.getByTestId('quick-search').fill('A00000001');
  await page.getByTestId('cmd-export').click();

  const dialog = page.getByTestId('export-dialog');
  const column = (field: string) => dialog.locator(`[data-testid="export-column"][data-field="${field}"]`);
  // The grid's columns come chosen; the others, the tax lookup among them, do not.
  await expect(column('InternalNumber')).toHaveAttribute('data-state', 'checked');
  await expect(column('RetailPrice')).toHaveAttribute('data-state', 'checked');
  await expect(column('TaxOid')).toHaveAttribute('data-state', 'unchecked');
  await expect(column('ETag')).toHaveCount(0);

  // Keyboard only: none, then Tab to Internal number and Tax and tick them with Space.
  await dialog.getByTestId('export-none').focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('export-run')).toBeDisabled();
  const tick = async (field: string) => {
    const input = column(field).locator('input');
    for (let i = 0; i < 40 && !(await input.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(input).toBeFocused();
    await page.keyboard.press('Space');
    await expect(column(field)).toHaveAttribute('data-state', 'checked');
  };
  await tick('InternalNumber');
  await tick('TaxOid');
  await expect(dialog.getByTestId('export-count')).toHaveText(/^2 of \d+ columns$/);
  await page.screenshot({ path: 'test-results/export-dialog.png' });

  const download = page.waitForEvent('download');
  await dialog.getByTestId('export-run').click();
  const file = await (await download).path();
  await expect(page.getByTestId('export-dialog')).toHaveCount(0);
  const lines = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Internal number,Tax');
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) {
    const [number, tax] = line.split(',');
    expect(number).toBe('A00000001');
    // The looked-up tax's name and code as the grid shows lookups, not its key.
    expect(tax).toMatch(/^.+ · .+$/);
    expect(tax).not.toMatch(/^\d+$/);
  }
});

test('a text a spreadsheet would run as a formula is exported escaped, a price stays a number', async ({ page }) => {
  // The demo article's Text becomes a formula through the API, as any client could write it.
  const signedIn = await page.request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`manager.de:${DEMO_PASSWORD}`).toString('base64')}` } });
  expect(signedIn.status()).toBe(200);
  const authorization = `Bearer ${((await signedIn.json()) as { access_token: string }).access_token}`;
  const list = await page.request.get(`${mate.url}/api/data/pos-supply/article?q=A00000002&take=5`, { headers: { authorization } });
  expect(list.status(), await list.text()).toBe(200);
  const article = ((await list.json()) as { items: { Oid: number; ETag: string; InternalNumber: string }[] }).items.find((item) => item.InternalNumber === 'A00000002')!;
  const formula = '=HYPERLINK("http://x","y")';
  const patched = await page.request.patch(`${mate.url}/api/data/pos-supply/article/${article.Oid}`, {
    headers: { authorization, 'if-match': article.ETag, 'content-type': 'application/merge-patch+json' },
    data: JSON.stringify({ Text: formula }),
  });
  expect(patched.status(), await patched.text()).toBe(200);

  await signIn(page, mate.url, DEMO_PASSWORD, '/', 'title-bar', 'manager.de');
  await page.goto(`${mate.url}/data/pos-supply/article`);
  await page.getByTestId('quick-search').fill('A00000002');
  await page.getByTestId('cmd-export').click();
  const dialog = page.getByTestId('export-dialog');
  // The grid's columns, as they come chosen: Short text and Retail price among them.
  await expect(dialog.locator('[data-testid="export-column"][data-field="Text"]')).toHaveAttribute('data-state', 'checked');
  await expect(dialog.locator('[data-testid="export-column"][data-field="RetailPrice"]')).toHaveAttribute('data-state', 'checked');
  const download = page.waitForEvent('download');
  await dialog.getByTestId('export-run').click();
  const text = (await readFile(await (await download).path(), 'utf8')).replace(/^\uFEFF/, '');

  const [header, ...rows] = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data;
  const at = (label: string) => header!.indexOf(label);
  const row = rows.find((cells) => cells[at('Internal number')] === 'A00000002');
  expect(row, text).toBeDefined();
  // Read back as a spreadsheet gets it: one text cell with the apostrophe before the formula, quoted in the file.
  expect(row![at('Short text')]).toBe(`'${formula}`);
  expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
  // The price is a number cell: digits, not quoted, not escaped.
  const price = row![at('Retail price')]!;
  expect(price).toMatch(/^-?\d+(\.\d+)?$/);
  expect(text).not.toContain(`"${price}"`);
});
