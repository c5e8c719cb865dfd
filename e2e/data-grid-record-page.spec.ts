import { expect, test, type Locator, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { settled } from './support/settled';

const ADMIN_PASSWORD = 'record-page-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: ADMIN_PASSWORD });
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

type Box = { x: number; y: number; width: number; height: number };
const within = (inner: Box, outer: Box) => inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

/**
 * Every button and link of a toolbar lies inside the viewport and inside its panel, and, for the grid's open row,
 * inside the part of the grid that shows (the details line spans every column and may be wider than that).
 */
async function expectToolbarInSight(page: Page, toolbar: Locator, panel: Locator, name: string): Promise<string[]> {
  // The open row's content keeps to the grid's shown width through a ResizeObserver, a frame or more after the
  // viewport changes: measured before it caught up, the panel has the old width and its buttons the new layout (the
  // flake: Delete at 1209-1286 in a panel ending at 1255 at 1440 px). A width that never catches up still fails here.
  await expect
    .poll(() =>
      panel.evaluate((element) => {
        const grid = element.closest('.rdg');
        const content = element.closest<HTMLElement>('.mate-detail-cell > *');
        return !grid || !content || getComputedStyle(content).maxInlineSize === `${grid.clientWidth}px`;
      }),
    )
    .toBe(true);
  // Measured at rest: the panel and its buttons were measured a moment apart while the row still slid open (CI).
  await settled(page);
  const viewport = { x: 0, y: 0, ...page.viewportSize()! };
  const panelBox = (await panel.boundingBox())!;
  const shown = await panel.evaluate((element): Box | null => {
    const grid = element.closest('.rdg');
    if (!grid) return null;
    const rect = grid.getBoundingClientRect();
    return { x: rect.x + grid.clientLeft, y: rect.y + grid.clientTop, width: grid.clientWidth, height: grid.clientHeight };
  });
  const buttons = toolbar.locator('button, a');
  const ids: string[] = [];
  for (let i = 0; i < (await buttons.count()); i++) {
    const button = buttons.nth(i);
    const id = (await button.getAttribute('data-testid')) ?? (await button.innerText());
    const box = (await button.boundingBox())!;
    ids.push(id);
    expect.soft(within(box, viewport), `${name}: ${id} ${JSON.stringify(box)} inside the viewport ${JSON.stringify(viewport)}`).toBe(true);
    expect.soft(within(box, panelBox), `${name}: ${id} ${JSON.stringify(box)} inside its panel ${JSON.stringify(panelBox)}`).toBe(true);
    if (shown) expect.soft(within(box, shown), `${name}: ${id} ${JSON.stringify(box)} inside the grid's view ${JSON.stringify(shown)}`).toBe(true);
  }
  return ids;
}

for (const locale of ['en', 'ar'] as const) {
  test(`every button of the open row's toolbar and of the record page is in sight at 1280, 1440 and 390 px: ${locale}`, { tag: '@looks' }, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((chosen) => localStorage.setItem('mate.locale', chosen), locale);
    await page.setViewportSize({ width: 1280, height: 844 });
    // The users' toolbar is the widest: Duplicate, a row command and Delete, in a grid of 1,274 px of columns.
    await page.goto(`${mate.url}/data/identity/user`);
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await page.getByTestId('grid-search').click();
    await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).click();
    await expect(page.getByTestId('row-details')).toHaveAttribute('data-phase', 'ready');
    const expected = ['mode-details', 'mode-view', 'mode-edit', 'row-open-page', 'row-copy', 'row-copy-link', 'row-duplicate', 'row-command-send-password-reset', 'row-delete'];
    for (const width of [1280, 1440, 390]) {
      await page.setViewportSize({ width, height: 844 });
      const details = page.getByTestId('row-details');
      // Below md the open row is a full-screen sheet; above it a line of the grid.
      await expect(page.getByTestId('row-sheet')).toHaveCount(width < 768 ? 1 : 0);
      await expect(details.getByTestId('row-delete')).toBeVisible();
      expect(await expectToolbarInSight(page, details.getByTestId('row-toolbar'), details, `row, ${width} px`)).toEqual(expected);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/row-toolbar-${locale}-${width}.png` });
      if (width >= 768) {
        // Scrolled sideways to the grid's far end, the details stay where the grid shows them.
        const grid = page.locator('.rdg');
        await grid.hover();
        await page.mouse.wheel(locale === 'ar' ? -3000 : 3000, 0);
        await expect.poll(() => grid.evaluate((element) => Math.abs(element.scrollLeft))).toBeGreaterThanOrEqual(width === 1280 ? 1 : 0);
        await expectToolbarInSight(page, details.getByTestId('row-toolbar'), details, `row scrolled, ${width} px`);
        await page.mouse.wheel(locale === 'ar' ? 3000 : -3000, 0);
      }
    }
    // The record page of the same user: its commands beside the title.
    await page.setViewportSize({ width: 1280, height: 844 });
    await page.getByTestId('row-details').getByTestId('row-open-page').click();
    const recordPage = page.getByTestId('record-page');
    await expect(recordPage.getByTestId('record-editor')).toBeVisible();
    for (const width of [1280, 1440, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(recordPage.getByTestId('row-command-send-password-reset')).toBeVisible();
      expect(await expectToolbarInSight(page, recordPage.getByTestId('record-page-commands'), recordPage, `record page, ${width} px`)).toEqual(['row-command-send-password-reset']);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/record-page-commands-${locale}-${width}.png` });
    }
  });
}
