import { createServer, type Server } from 'node:http';
import type { FrameLocator, Locator } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { expectAccessible } from './support/axe';
import { freePort } from './support/free-port';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// The POS configuration page (docs/settings.md): a value overridden at the tenant by keyboard shows where it comes
// from here and one level below, survives a reload and is reset again; the page works framed by another application
// (/e in an iframe of another origin); light and dark, English and Arabic, 1440 and 390 px, axe-scanned, screenshots
// in test-results/.
const PASSWORD = 'pos-configuration-e2e-password';
const PAGE = '/settings/pos/configuration';
const env: Record<string, string> = { MATE_ADMIN_PASSWORD: PASSWORD };
// "Another application": a page of another origin (a port of its own on the same host, so the same site: a browser
// blocks the storage of a cross-site iframe, where the sign-in could not be kept) whose iframe shows /e. Started
// before the product, which must name it in MATE_FRAME_ANCESTORS.
let otherApp: { url: string; server: Server } | undefined;
test.beforeAll(async () => {
  const port = await freePort();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>Other app</title><h1>Other app</h1><iframe title="Mate" src="${mate.url}/e${PAGE}" style="width:1200px;height:760px"></iframe></html>`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  otherApp = { url: `http://127.0.0.1:${port}`, server };
  // The same page reached as localhost is another site than the product on 127.0.0.1: there the browser blocks the
  // frame's storage.
  env.MATE_FRAME_ANCESTORS = `${otherApp.url},http://localhost:${port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => otherApp?.server.close(resolve));
});
const mate = serveMateForSpec(env);

const row = (root: Page | FrameLocator, path: string): Locator => root.locator(`[data-testid="setting-row"][data-path="${path}"]`);

test('overrides a value at the tenant by keyboard, shows its source below, keeps it over a reload and resets it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, mate.url, PASSWORD, PAGE);
  await expect(page.getByTestId('pos-configuration')).toBeVisible({ timeout: 30_000 });
  const scope = page.getByTestId('scope-select');
  await expect(scope).toHaveValue(/^TENANT:\d+$/);
  const tenantScope = await scope.inputValue();
  const copies = row(page, 'receipt.copies');
  await expect(copies.getByTestId('setting-value')).toHaveText('1');
  await expect(copies.getByTestId('setting-source')).toHaveText('Default');

  // Keyboard only: focus the button, Enter opens the editor with the input focused, a bad value is named, Enter saves.
  await copies.getByRole('button', { name: 'Override here' }).focus();
  await page.keyboard.press('Enter');
  const input = copies.getByTestId('setting-input');
  await expect(input).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('9');
  await expect(copies.getByRole('alert')).toHaveText('Enter at most 5.');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(copies.getByTestId('setting-value')).toHaveText('3');
  await expect(copies.getByTestId('setting-source')).toHaveText('Set here');
  await expect(page).toHaveURL(new RegExp(`${PAGE}(\\?scope=.*)?$`));

  await page.reload();
  await expect(row(page, 'receipt.copies').getByTestId('setting-value')).toHaveText('3', { timeout: 30_000 });
  await expect(row(page, 'receipt.copies').getByTestId('setting-source')).toHaveText('Set here');

  // One level down (the next entry of the scope picker, chosen by the arrow key) inherits it, naming the tenant.
  const tenantName = (await page.getByTestId('scope-chain').locator('bdi').last().textContent())!.trim();
  await scope.focus();
  await page.keyboard.press('ArrowDown');
  await expect(scope).toHaveValue(/^LOCATION:\d+$/);
  await expect(page).toHaveURL(/scope=LOCATION%3A\d+/);
  await expect(row(page, 'receipt.copies').getByTestId('setting-source')).toHaveText(`From ${tenantName}`);
  await expect(row(page, 'receipt.copies').getByTestId('setting-value')).toHaveText('3');
  await page.reload();
  await expect(row(page, 'receipt.copies').getByTestId('setting-source')).toHaveText(`From ${tenantName}`, { timeout: 30_000 });
  await expect(page.getByTestId('scope-chain')).toContainText(tenantName);

  // Back at the tenant, Reset by keyboard: the default applies again, everywhere below too.
  await page.goto(`${mate.url}${PAGE}?scope=${encodeURIComponent(tenantScope)}`);
  await row(page, 'receipt.copies').getByRole('button', { name: 'Reset' }).focus();
  await page.keyboard.press('Enter');
  await expect(row(page, 'receipt.copies').getByTestId('setting-source')).toHaveText('Default');
  await expect(row(page, 'receipt.copies').getByTestId('setting-value')).toHaveText('1');
  await page.reload();
  await expect(row(page, 'receipt.copies').getByTestId('setting-source')).toHaveText('Default', { timeout: 30_000 });
});

test('by mouse: an option and a time overridden at the tenant, in English light at 1440 px and Arabic dark at 390 px', { tag: '@looks' }, async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD, PAGE);
  const rounding = row(page, 'sales.rounding');
  await rounding.getByRole('button', { name: 'Override here' }).click();
  await rounding.getByTestId('setting-input').selectOption('0.05');
  await rounding.getByRole('button', { name: 'Save' }).click();
  await expect(rounding.getByTestId('setting-value')).toHaveText('To 0.05');
  const closing = row(page, 'shift.autoCloseAt');
  await closing.getByRole('button', { name: 'Override here' }).click();
  await closing.getByTestId('setting-input').fill('22:15');
  await closing.getByRole('button', { name: 'Save' }).click();
  await expect(closing.getByTestId('setting-value')).toHaveText('22:15');
  await closing.getByRole('button', { name: 'Change' }).click();
  await closing.getByRole('button', { name: 'Cancel' }).click();
  await expect(closing.getByTestId('setting-value')).toHaveText('22:15');
  await expectAccessible(page, 'POS configuration, English, light, 1440');
  await page.screenshot({ path: 'test-results/pos-configuration-en-light-1440.png', fullPage: true });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('mate.locale', 'ar'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 30_000 });
  await expect(row(page, 'sales.rounding').getByTestId('setting-source')).toHaveText('محدد هنا');
  await row(page, 'receipt.footerText').getByRole('button', { name: 'تجاوز هنا' }).click();
  await expect(row(page, 'receipt.footerText').getByTestId('setting-input')).toBeFocused();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'POS configuration, Arabic, dark, 390');
  await page.screenshot({ path: 'test-results/pos-configuration-ar-dark-390.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(row(page, 'receipt.footerText').getByTestId('setting-input')).toHaveCount(0);
});

test('works framed in /e by another application', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${otherApp!.url}/`);
  const frame = page.frameLocator('iframe[title="Mate"]');
  await frame.getByLabel('Username').fill('admin');
  await frame.getByLabel('Password').fill(PASSWORD);
  await frame.getByLabel('Password').press('Enter');
  await expect(frame.getByTestId('embedded-layout')).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByTestId('title-bar')).toHaveCount(0);
  const logo = row(frame, 'receipt.printLogo');
  await logo.getByRole('button', { name: 'Override here' }).click();
  await logo.getByTestId('setting-input').selectOption('false');
  await logo.getByRole('button', { name: 'Save' }).click();
  await expect(logo.getByTestId('setting-value')).toHaveText('No');
  await expect(logo.getByTestId('setting-source')).toHaveText('Set here');
  await page.reload();
  await expect(row(page.frameLocator('iframe[title="Mate"]'), 'receipt.printLogo').getByTestId('setting-source')).toHaveText('Set here', { timeout: 30_000 });
  await page.screenshot({ path: 'test-results/pos-configuration-framed.png' });
});

test('works framed by an application of another site, where the browser blocks the frame\'s storage', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Chromium refuses localStorage and sessionStorage to a cross-site frame (a SecurityError on access); the app keeps
  // its session for the page's life instead (src/lib/storage/browser-storage.ts). A page error fails this test.
  await page.goto(otherApp!.url.replace('127.0.0.1', 'localhost'));
  const frame = page.frameLocator('iframe[title="Mate"]');
  await frame.getByLabel('Username').fill('admin');
  await frame.getByLabel('Password').fill(PASSWORD);
  await frame.getByLabel('Password').press('Enter');
  await expect(frame.getByTestId('embedded-layout')).toBeVisible({ timeout: 30_000 });
  await expect(row(frame, 'receipt.printLogo').getByTestId('setting-source')).toBeVisible();
});

test('follows a change made in another window live, and keeps an edit in progress there, saying what changed', async ({ browser }) => {
  test.setTimeout(180_000);
  const contexts = await Promise.all([browser.newContext({ viewport: { width: 1440, height: 900 } }), browser.newContext({ viewport: { width: 1440, height: 900 } })]);
  const [one, two] = await Promise.all(contexts.map((context) => context.newPage()));
  for (const page of [one!, two!]) {
    await signIn(page, mate.url, PASSWORD, PAGE);
    await expect(page.getByTestId('pos-configuration')).toBeVisible({ timeout: 30_000 });
  }
  const here = row(one!, 'shift.idleLockMinutes');
  const there = row(two!, 'shift.idleLockMinutes');
  await expect(there.getByTestId('setting-value')).toHaveText('5');

  // Saved in one window, shown in the other without a reload.
  await here.getByRole('button', { name: 'Override here' }).click();
  await here.getByTestId('setting-input').fill('7');
  await here.getByTestId('setting-input').press('Enter');
  await expect(there.getByTestId('setting-value')).toHaveText('7', { timeout: 20_000 });
  await expect(there.getByTestId('setting-source')).toHaveText('Set here');

  // The other window is editing the same value when it changes again: its typing stays, a note says what it is now.
  await there.getByRole('button', { name: 'Change' }).click();
  await there.getByTestId('setting-input').fill('9');
  await here.getByRole('button', { name: 'Change' }).click();
  await here.getByTestId('setting-input').fill('8');
  await here.getByTestId('setting-input').press('Enter');
  await expect(there.getByTestId('setting-changed-elsewhere')).toContainText('now 8', { timeout: 20_000 });
  await expect(there.getByTestId('setting-input')).toHaveValue('9');
  await two!.screenshot({ path: 'test-results/pos-configuration-changed-elsewhere-en-light-1440.png' });
  await there.getByTestId('setting-input').press('Escape');
  await expect(there.getByTestId('setting-value')).toHaveText('8');

  // A reset is followed too.
  await here.getByRole('button', { name: 'Reset' }).click();
  await expect(there.getByTestId('setting-source')).toHaveText('Default', { timeout: 20_000 });
  await expect(there.getByTestId('setting-value')).toHaveText('5');
  for (const context of contexts) await context.close();
});
