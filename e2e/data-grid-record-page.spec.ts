import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: 'record-page-e2e-password' });
// Demo data (docs/demo-data.md): the articles belong to Mate Deutschland, the primary tenant of manager.de.
const DEMO_PASSWORD = 'demo-pass-1';
const SHOTS = process.env.MATE_SCREENSHOTS;

const signInAt = (page: Page, path: string, ready: string) => signIn(page, mate.url, DEMO_PASSWORD, path, ready, 'manager.de');

test('a row opens its full-page editor at its own address, and Back returns to the grid', async ({ page }) => {
  await signInAt(page, '/data/pos-supply/article', 'data-grid-page');
  await page.getByTestId('grid-search').click();
  await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).click();
  await page.getByTestId('row-open-page').click();
  await expect(page).toHaveURL(/\/data\/pos-supply\/article\/\d+$/);
  const recordPage = page.getByTestId('record-page');
  await expect(recordPage.getByTestId('record-editor')).toBeVisible();
  await expect(page.getByTestId('record-page-title')).toContainText('Gut & Frisch Strickpullover');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/record-page.png` });
  await page.goBack();
  // The grid comes back with its query run and the row open, as the address keeps them.
  await expect(page.getByTestId('data-grid')).toBeVisible();
  await expect(page).toHaveURL(/\/data\/pos-supply\/article\?.*(%24|\$)row=\d+/);
  await expect(page.getByTestId('row-details')).toBeVisible();
  await expect(page.locator('.rdg-row').first()).toContainText('A00000001');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/grid-after-back.png` });
});

test('the address of a record opens its editor directly; an unknown key says so', async ({ page }) => {
  const oid = await (async () => {
    await signInAt(page, '/data/pos-supply/article', 'data-grid-page');
    await page.getByTestId('grid-search').click();
    await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).click();
    const href = await page.getByTestId('row-open-page').getAttribute('href');
    return href!.split('/').pop()!;
  })();
  await page.goto(`${mate.url}/data/pos-supply/article/${oid}`);
  await expect(page.getByTestId('record-page').getByTestId('record-editor')).toBeVisible();
  await page.getByTestId('record-page-grid').click();
  await expect(page.getByTestId('data-grid-page')).toBeVisible();
  await page.goto(`${mate.url}/data/pos-supply/article/999999999`);
  await expect(page.getByTestId('record-page-missing')).toBeVisible();
});
