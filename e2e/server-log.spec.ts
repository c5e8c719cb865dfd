import { blocking, formatViolations, scanPage } from './support/axe';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// The server log page (/diagnostics/logs): lines of the server's own log arrive live through the hub. The server
// logs at debug here, so the level filter has a debug line (the start's "listening") to hide.
const PASSWORD = 'server-log-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'debug' });
const PAGE = '/diagnostics/logs';

const lines = (page: Page) => page.getByTestId('server-log-line');
const list = (page: Page) => page.getByRole('log');
/** The start's debug line (Fastify's own "Server listening at" is at info). */
const debugListening = (page: Page) => lines(page).filter({ has: page.locator('[data-level="debug"]') }).filter({ hasText: 'listening' });

async function failedSignIn(url: string): Promise<void> {
  const answer = await fetch(`${url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from('admin:not-the-password').toString('base64')}` } });
  expect(answer.status).toBe(401);
}

test('a failed sign-in elsewhere arrives live; level and text filters; follow pauses on scroll up; copy and clear', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: mate.url });
  const page = await context.newPage();
  await signIn(page, mate.url, PASSWORD, PAGE, 'server-log');
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('server-log-instance')).toContainText('Each instance shows its own log.');
  // The start's debug line is there at the lowest level: among the earlier lines when the page's own requests since
  // the start fill the first window.
  const earlier = page.getByRole('button', { name: 'Show earlier lines' });
  for (let more = 0; more < 20 && (await debugListening(page).count()) === 0 && (await earlier.isVisible()); more += 1) {
    const shown = await lines(page).count();
    await earlier.click();
    await expect.poll(() => lines(page).count()).toBeGreaterThan(shown);
  }
  await expect(debugListening(page)).toHaveCount(1);
  // Reading back pauses following (the view stays where the reader is); follow the newest lines again.
  const followAgain = page.getByRole('button', { name: 'Follow' });
  if (await followAgain.isVisible()) await followAgain.click();
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveAttribute('data-following', 'true');

  // A failed sign-in by another client shows up without a reload, with its status and the request's route.
  await page.getByLabel('Text', { exact: true }).fill('token.json');
  await expect(debugListening(page)).toHaveCount(0);
  const before = await lines(page).count();
  await failedSignIn(mate.url);
  const failed = lines(page).filter({ hasText: 'request completed' }).filter({ hasText: 'token.json 401' });
  await expect(failed).toHaveCount(1);
  await expect(failed.locator('[data-level]')).toHaveText('Info');
  expect(await lines(page).count()).toBeGreaterThan(before);
  await page.getByLabel('Text', { exact: true }).fill('');

  // Level: from Info up the debug line goes; from Warning up no routine request line stays.
  await page.getByLabel('Lowest level').selectOption('info');
  await expect(debugListening(page)).toHaveCount(0);
  await expect(lines(page).first()).toBeVisible();
  await expect(list(page).locator('[data-level="debug"]')).toHaveCount(0);
  await page.getByLabel('Lowest level').selectOption('warn');
  await expect(list(page).locator('[data-level="info"]')).toHaveCount(0);
  await page.getByLabel('Lowest level').selectOption('trace');
  await expect(debugListening(page)).toHaveCount(1);

  // Enough lines to scroll; following keeps the newest at the bottom.
  for (let n = 0; n < 30; n += 1) await fetch(`${mate.url}/api/info?fill=${n}`);
  await expect(lines(page).filter({ hasText: 'fill=29' }).first()).toBeVisible();
  const atBottom = () => list(page).evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight <= 16);
  await expect.poll(atBottom).toBe(true);
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveAttribute('data-following', 'true');

  // Scrolling up pauses: new lines arrive but the view stays where the reader is.
  await list(page).evaluate((element) => element.scrollTo({ top: 0 }));
  const follow = page.getByRole('button', { name: 'Follow' });
  await expect(follow).toHaveAttribute('data-following', 'false');
  await fetch(`${mate.url}/api/info?paused=1`);
  await expect(lines(page).filter({ hasText: 'paused=1' }).first()).toBeAttached();
  expect(await list(page).evaluate((element) => element.scrollTop)).toBe(0);
  await follow.click();
  await expect.poll(atBottom).toBe(true);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

  // By keyboard: the list is one tab stop; End goes to the newest line, C copies it.
  const newest = lines(page).last();
  await page.getByRole('button', { name: 'Clear view' }).focus();
  await page.keyboard.press('Tab');
  await expect(newest).toBeFocused();
  await page.keyboard.press('Home');
  await expect(lines(page).first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(newest).toBeFocused();
  await page.keyboard.press('c');
  await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^\d{4}-\d\d-\d\dT.*(INFO|DEBUG|WARN)/);

  // Clear view empties the page; the next line arrives on an empty list.
  const firstSeq = await lines(page).first().getAttribute('data-seq');
  await page.getByRole('button', { name: 'Clear view' }).click();
  await expect(list(page).locator(`[data-seq="${firstSeq}"]`)).toHaveCount(0);
  await failedSignIn(mate.url);
  await expect(lines(page).filter({ hasText: 'token.json 401' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/server-log-en-light-1440.png' });
  // Dark at 1440 px reads as well: no serious or critical axe finding, colour contrast included.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.mouse.move(0, 0);
  const violations = blocking(await scanPage(page));
  expect(violations, formatViolations(violations)).toEqual([]);
  await page.screenshot({ path: 'test-results/server-log-en-dark-1440.png' });
  await context.close();
});

test('Arabic, dark, 390 px: the log text stays left-to-right inside a right-to-left page, readable', { tag: '@looks' }, async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, mate.url, PASSWORD);
  await page.evaluate(() => localStorage.setItem('mate.locale', 'ar'));
  await page.goto(`${mate.url}${PAGE}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
  await failedSignIn(mate.url);
  const failed = lines(page).filter({ hasText: 'request completed' }).filter({ hasText: 'token.json 401' });
  await expect(failed.first()).toBeVisible();
  await expect(failed.first().locator('[data-level]')).toHaveText('معلومات');
  await expect(failed.first().locator('bdi[dir="ltr"]').first()).toContainText('request completed');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.mouse.move(0, 0);
  const violations = blocking(await scanPage(page));
  expect(violations, formatViolations(violations)).toEqual([]);
  await page.screenshot({ path: 'test-results/server-log-ar-dark-390.png' });
  await context.close();
});
