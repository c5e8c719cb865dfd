import { blocking, formatViolations, scanPage } from './support/axe';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// Issue 17, exchange rates editable: the demo rates of the tenant, one changed by keyboard only (typed in the user's
// number format, the old value kept in the history), a currency added with a refused code first and removed after a
// confirmation; an open dashboard shows the change without a reload; Arabic, dark, 390 px.
const PASSWORD = 'exchange-rates-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

test.describe.configure({ mode: 'serial' });

async function noBlockingFindings(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  const violations = blocking(await scanPage(page));
  expect(violations, formatViolations(violations)).toEqual([]);
}

test('changes a rate by keyboard, keeps the old one in the history, adds and removes a currency; the dashboard follows live', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD, '/settings/exchange-rates', 'exchange-rate-table');
  const usd = page.getByTestId('exchange-rate-table').locator('[data-currency="USD"]');
  await expect(usd).toBeVisible();
  const before = await usd.getByTestId('rate-value-cell').innerText();

  // A dashboard open in another window of the same user.
  const dashboardContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const dashboard = await dashboardContext.newPage();
  await signIn(dashboard, mate.url, PASSWORD, '/', 'exchange-rates-card');
  await expect(dashboard.getByTestId('exchange-rates')).toBeVisible({ timeout: 30_000 });
  await expect(dashboard.getByTestId('exchange-rates-card-link')).toHaveAttribute('href', /\/settings\/exchange-rates$/);

  // Change USD by keyboard: the button, the value typed, Enter.
  await usd.getByRole('button', { name: 'Change the rate of USD' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('rate-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('rate-value')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1.23456');
  await expect(page.getByTestId('rate-preview')).toContainText('123.456');
  await page.screenshot({ path: 'test-results/exchange-rates-dialog-en-light-1440.png' });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(usd.getByTestId('rate-value-cell')).toHaveText('1.23456');
  await expect(usd).toContainText('admin');
  // The dashboard shows the new rate without a reload: 100 EUR buy $123.46.
  await expect(dashboard.getByTestId('exchange-rates').locator('tbody tr').first()).toContainText('123.46', { timeout: 15_000 });
  await dashboardContext.close();

  // The history keeps the imported value under the new one.
  await usd.getByRole('button', { name: 'History of USD' }).click();
  const history = page.getByTestId('rate-history').locator('tbody tr');
  await expect(history.first()).toContainText('1.23456');
  await expect(history.first()).toContainText('admin');
  await expect(history.nth(1)).toContainText(before);
  await page.screenshot({ path: 'test-results/exchange-rates-history-en-light-1440.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('rate-history-dialog')).toHaveCount(0);

  // Add: the tenant's own currency is refused with a reason, NZD is taken.
  await page.getByTestId('rate-add').click();
  await page.getByTestId('rate-currency').fill('eur');
  await page.getByTestId('rate-value').fill('1');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('rate-dialog')).toContainText("EUR is the tenant's own currency.");
  await page.getByTestId('rate-currency').fill('nzd');
  await page.getByTestId('rate-value').fill('1.8');
  await page.getByTestId('rate-save').click();
  const nzd = page.getByTestId('exchange-rate-table').locator('[data-currency="NZD"]');
  await expect(nzd.getByTestId('rate-value-cell')).toHaveText('1.8');
  await page.screenshot({ path: 'test-results/exchange-rates-en-light-1440.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await noBlockingFindings(page);
  await page.screenshot({ path: 'test-results/exchange-rates-en-dark-1440.png' });

  // Remove after the confirmation; a reload shows the list as stored.
  await nzd.getByRole('button', { name: 'Remove NZD' }).click();
  await expect(page.getByTestId('rate-remove-dialog')).toBeVisible();
  await page.getByTestId('rate-remove-confirm').click();
  await expect(nzd).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('exchange-rate-table').locator('[data-currency="USD"]').getByTestId('rate-value-cell')).toHaveText('1.23456');
  await expect(page.getByTestId('exchange-rate-table').locator('[data-currency="NZD"]')).toHaveCount(0);
});

test('Arabic, dark, 390 px: the page runs right to left, fits the phone and reads well', { tag: '@looks' }, async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, mate.url, PASSWORD);
  await page.evaluate(() => localStorage.setItem('mate.locale', 'ar'));
  await page.goto(`${mate.url}/settings/exchange-rates`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('exchange-rate-table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await noBlockingFindings(page);
  await page.screenshot({ path: 'test-results/exchange-rates-ar-dark-390.png' });
  await page.getByTestId('exchange-rate-table').locator('[data-currency="USD"]').getByTestId('rate-edit').click();
  await expect(page.getByTestId('rate-dialog')).toBeVisible();
  await page.getByTestId('rate-value').fill('١٫٥');
  await expect(page.getByTestId('rate-preview')).toBeVisible();
  await page.screenshot({ path: 'test-results/exchange-rates-dialog-ar-dark-390.png' });
  await context.close();
});
