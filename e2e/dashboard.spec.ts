import { spawn } from 'node:child_process';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { settled } from './support/settled';

// The customisable dashboard (spec 2 §2): edited by keyboard only, saved, reloaded, cancelled; the turnover card
// moves when a terminal hands in a receipt, without a reload; a user without the right on a card's page sees the
// card without its link. Screenshots in light and dark, English and Arabic, 1440 and 390 px.
const PASSWORD = 'dashboard-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

const tileNames = (page: Page) => page.getByTestId('dashboard-grid').locator(':scope > [data-card]').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-card')));

test('edits the dashboard by keyboard only: add, remove, resize, reorder; saves, survives a reload, and cancel restores', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await expect(page.getByTestId('turnover-card')).toBeVisible({ timeout: 30_000 });
  // The administrator may open the turnover's page: its title is a link.
  await expect(page.getByTestId('turnover-card-link')).toBeVisible();
  const before = await tileNames(page);
  expect(before.slice(0, 3)).toEqual(['favourites', 'recently-used', 'version']);

  await page.getByTestId('dashboard-edit').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-mode', 'edit');
  // Required cards have no remove button.
  await expect(page.getByTestId('tile-tile-version').getByTestId('tile-remove')).toHaveCount(0);

  // Add the database usage card: choose it in the select and press the button, all by keys.
  // A focused native select takes the first letters of an option as typed.
  await page.getByTestId('add-card-select').focus();
  await page.keyboard.type('Data');
  await expect(page.getByTestId('add-card-select')).toHaveValue('database-usage');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('add-card')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tile-tile-database-usage')).toBeVisible();

  // Remove the exchange rates card by keyboard.
  await page.getByTestId('tile-tile-exchange-rates').getByTestId('tile-remove').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tile-tile-exchange-rates')).toHaveCount(0);

  // Move the version card one place earlier with dnd-kit's keyboard sensor: Space picks it up, an arrow moves it,
  // Space drops it.
  const handle = page.getByTestId('tile-tile-version').getByTestId('tile-handle');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // dnd-kit measures the cards after the pick-up; an arrow pressed before that moves nothing (seen once on CI). Its
  // live region says when it has placed the card over itself, and then over its new place: move and drop only then.
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText('Version is over Version.');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Version is over Recently used');
  await page.keyboard.press('Space');
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');

  // Make the version card large.
  await page.getByTestId('tile-tile-version').getByTestId('tile-size').focus();
  await page.keyboard.type('Large');
  await expect(page.getByTestId('tile-tile-version').getByTestId('tile-size')).toHaveValue('large');
  await expect.poll(() => tileNames(page)).toEqual(expect.arrayContaining(['version']));
  const edited = await tileNames(page);
  expect(edited.indexOf('version')).toBeLessThan(edited.indexOf('recently-used'));
  await page.screenshot({ path: 'test-results/dashboard-edit-1440.png', fullPage: true });

  await page.getByTestId('dashboard-save').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-mode', 'view');
  const saved = await tileNames(page);
  expect(saved).toEqual(edited);
  await expect(page.getByTestId('tile-tile-version')).toHaveAttribute('data-size', 'large');

  await page.reload();
  await expect(page.getByTestId('database-usage-card')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => tileNames(page)).toEqual(saved);

  // Cancel: the changes of an edit are gone and the saved layout is back.
  await page.getByTestId('dashboard-edit').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('tile-tile-database-usage').getByTestId('tile-remove').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tile-tile-database-usage')).toHaveCount(0);
  await page.getByTestId('dashboard-cancel').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-mode', 'view');
  expect(await tileNames(page)).toEqual(saved);
});

test('a receipt handed in by a terminal moves the turnover card without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  const receipts = page.getByTestId('turnover-card').getByTestId('turnover-week-receipts');
  await expect(receipts.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
  const count = async () => (await receipts.allTextContents()).reduce((sum, text) => sum + Number(text.replace(/\D/g, '')), 0);
  const before = await count();
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));

  // The terminal simulator (`npm run terminals`) as its own process: one terminal, a receipt a second.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/terminals/simulator.ts', '--count', '1', '--rate', '60', '--url', mate.url], { stdio: 'ignore' });
  try {
    await expect.poll(count, { timeout: 45_000 }).toBeGreaterThan(before);
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  }
  expect(navigations).toEqual([]);
});

test('a user without the right on a card page sees the card without its link', async ({ page }) => {
  test.setTimeout(60_000);
  // A cashier may read the reports but not /service nor /diagnostics (docs/demo-data.md): the exchange rates card
  // (which links to the bridge) and the unprocessed documents card show their figures, their titles are no links.
  await signIn(page, mate.url, 'demo-pass-1', '/', 'title-bar', 'cashier.at');
  await expect(page.getByTestId('exchange-rates')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('unprocessed-count')).toBeVisible();
  await expect(page.getByTestId('turnover-card-link')).toBeVisible();
  await expect(page.getByTestId('exchange-rates-card').getByRole('heading')).toHaveText('Exchange rates');
  await expect(page.getByTestId('exchange-rates-card-link')).toHaveCount(0);
  await expect(page.getByTestId('unprocessed-card').getByRole('heading')).toHaveText('Unprocessed documents');
  await expect(page.getByTestId('unprocessed-card-link')).toHaveCount(0);
});

test('looks right in light and dark, English and Arabic, at 1440 and 390 px', { tag: '@looks' }, async ({ page }) => {
  test.setTimeout(180_000);
  // A store manager of one country (docs/demo-data.md): the default layout (the administrator's was edited above).
  await signIn(page, mate.url, 'demo-pass-1', '/', 'title-bar', 'manager.de');
  for (const [width, height] of [[1440, 1000], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    for (const locale of ['en', 'ar']) {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.evaluate((chosen) => localStorage.setItem('mate.locale', chosen), locale);
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByTestId('turnover-chart')).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('exchange-rates')).toBeVisible();
        await settled(page);
        await page.screenshot({ path: `test-results/dashboard-${locale}-${theme}-${width}.png`, fullPage: true });
      }
    }
  }
});
