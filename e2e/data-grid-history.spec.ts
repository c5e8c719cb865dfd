import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: 'grid-history-e2e-password' });
// Demo data (docs/demo-data.md): the articles belong to Mate Deutschland, the primary tenant of manager.de.
const DEMO_PASSWORD = 'demo-pass-1';
const SHOTS = process.env.MATE_SCREENSHOTS;

const signInAt = (page: Page, path: string) => signIn(page, mate.url, DEMO_PASSWORD, path, 'data-grid-page', 'manager.de');

const scroller = (page: Page) => page.locator('.rdg.mate-grid');
const scrollTop = (page: Page) => scroller(page).evaluate((element) => element.scrollTop);

/** What the user sees of the grid: the sorted column, the scroll position and the open row. */
async function expectGridAsLeft(page: Page, left: { top: number; openRow: string }): Promise<void> {
  await expect(page.getByRole('columnheader', { name: 'Short text' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByTestId('row-details')).toBeVisible();
  await expect(page.locator('.rdg-row.mate-row-expanded')).toHaveText(left.openRow);
  await expect.poll(() => scrollTop(page)).toBe(left.top);
}

test('a grid keeps its sort, scroll position and open row across Back and Forward', async ({ page }) => {
  await signInAt(page, '/data/pos-supply/article');
  await page.getByTestId('grid-search').click();
  await expect(page.locator('.rdg-row').first()).toContainText('A00000001');

  // Sort by the short text, descending: two clicks on its header.
  const header = page.getByRole('columnheader', { name: 'Short text' });
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/(%24|\$)k=/);

  // Scroll well down with the wheel: past the first page, so Back has to load more to get there again. At the end of
  // the loaded rows a turn of the wheel brings the next page, and the one after scrolls on.
  const grid = scroller(page);
  const rowsLoaded = async () => Number(await page.getByTestId('data-grid').getAttribute('data-rows'));
  const start = (await grid.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  for (let turns = 0; turns < 20 && (await scrollTop(page)) < 2600; turns++) {
    const before = { top: await scrollTop(page), rows: await rowsLoaded() };
    await page.mouse.wheel(0, 400);
    await expect.poll(async () => (await scrollTop(page)) > before.top || (await rowsLoaded()) > before.rows).toBe(true);
  }
  expect(await rowsLoaded()).toBeGreaterThan(50);

  // Open the row in the middle of the grid.
  const box = (await grid.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('row-details')).toBeVisible();
  await expect(page).toHaveURL(/(%24|\$)row=\d+/);
  const openRow = (await page.locator('.rdg-row.mate-row-expanded').textContent())!;
  const top = await scrollTop(page);
  expect(top).toBeGreaterThan(2000);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/grid-history-left.png` });

  // Another page, then Back: the same sort, scroll position and open row.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('data-grid-page')).toHaveCount(0);
  await page.goBack();
  await expectGridAsLeft(page, { top, openRow });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/grid-history-back.png` });

  // Forward to the other page and Back again.
  await page.goForward();
  await expect(page.getByTestId('data-grid-page')).toHaveCount(0);
  await page.goBack();
  await expectGridAsLeft(page, { top, openRow });
});
