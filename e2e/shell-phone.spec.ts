import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// A phone (390 x 844): the navigation behind a menu button, a one-line header, no sideways page scroll.
const PASSWORD = 'phone-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** The page is never wider than the screen: nothing scrolls sideways but the boxes meant to (grid, command bar). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, 'page width at 390 px').toBeLessThanOrEqual(widths.screen);
}

test('the navigation sits in a drawer whose every link is reachable by touch, and the header stays small', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await expect(page.getByTestId('navigation-bar')).toBeHidden();
  const header = await page.locator('header').boundingBox();
  expect(header!.height, 'header height').toBeLessThan(844 * 0.15);
  await expectNoSidewaysScroll(page);

  await page.getByTestId('navigation-menu-button').tap();
  const drawer = page.getByTestId('navigation-drawer');
  await expect(drawer).toBeVisible();
  // The last link of the list is far below the fold: the drawer scrolls to it.
  const last = drawer.locator('a[data-nav-path]').last();
  const path = await last.getAttribute('data-nav-path');
  await last.scrollIntoViewIfNeeded();
  await last.tap();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expectNoSidewaysScroll(page);
});

test('the navigation drawer works by keyboard: open, Tab through the links, Escape closes', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  const button = page.getByTestId('navigation-menu-button');
  await button.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('navigation-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(drawer.getByRole('link', { name: 'Tenants' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Document numbers' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/data\/pos-operating\/document-number$/);
  await expect(drawer).toBeHidden();
});

test('a drawer opened before the navigation arrived puts the focus on its first link once it does', async ({ page }) => {
  // The navigation answer is held back until the drawer is open: what a busy machine or a slow network does by chance.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/ui/navigation*', async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, mate.url, PASSWORD);
  await page.getByTestId('navigation-menu-button').focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('navigation-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link')).toHaveCount(0);
  release();
  await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(drawer.getByRole('link', { name: 'Tenants' })).toBeFocused();
});

test('a grid scrolls sideways inside its own box and opens a row as a full-screen sheet', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD, '/data/identity/user');
  await page.getByTestId('grid-search').tap();
  const grid = page.getByTestId('data-grid').locator('.rdg');
  await expect(grid).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The columns are wider than the screen: the grid scrolls them, not the page.
  expect(await grid.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await grid.evaluate((element) => (element.scrollLeft = element.scrollWidth));
  await expectNoSidewaysScroll(page);
  await grid.evaluate((element) => (element.scrollLeft = 0));

  await page.getByTestId('data-grid').getByRole('gridcell', { name: 'admin', exact: true }).tap();
  const sheet = page.getByTestId('row-sheet');
  await expect(sheet).toBeVisible();
  // The sheet grows in with a short animation: measure once it has settled.
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
    })
    .toEqual({ x: 0, y: 0, width: 390, height: 844 });
  await sheet.getByTestId('mode-edit').tap();
  await expect(sheet.locator('form')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});
