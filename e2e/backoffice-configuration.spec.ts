import { expect, test } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// A second settings target (docs/settings.md "Targets"): the back office configuration is reached from the Settings
// menu by keyboard, serves its own declared tree on the same page as the POS one, and a value overridden at the tenant
// by keyboard is kept over a reload.
const PASSWORD = 'backoffice-configuration-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

test('opens the back office configuration from the navigation, overrides a value by keyboard and keeps it over a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, mate.url, PASSWORD);
  await page.getByTestId('mega-menu-/settings').focus();
  await page.keyboard.press('Enter');
  const link = page.locator('[data-testid="mega-menu-panel"]:visible').getByRole('link', { name: 'Back office configuration' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/backoffice\/configuration(\?.*)?$/);
  await expect(page.getByTestId('pos-configuration')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('scope-select')).toHaveValue(/^TENANT:\d+$/);
  // Its own tree, not the POS one.
  await expect(page.getByRole('heading', { name: 'Lists' })).toBeVisible();
  await expect(page.locator('[data-testid="setting-row"][data-path="receipt.copies"]')).toHaveCount(0);

  const pageSize = page.locator('[data-testid="setting-row"][data-path="lists.pageSize"]');
  await expect(pageSize.getByTestId('setting-value')).toHaveText('50');
  await expect(pageSize.getByTestId('setting-source')).toHaveText('Default');
  await pageSize.getByRole('button', { name: 'Override here' }).focus();
  await page.keyboard.press('Enter');
  await expect(pageSize.getByTestId('setting-input')).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('5');
  await expect(pageSize.getByRole('alert')).toHaveText('Enter at least 10.');
  await page.keyboard.type('0');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await expect(pageSize.getByTestId('setting-value')).toHaveText('500');
  await expect(pageSize.getByTestId('setting-source')).toHaveText('Set here');

  await page.reload();
  await expect(pageSize.getByTestId('setting-value')).toHaveText('500', { timeout: 30_000 });
  await expect(pageSize.getByTestId('setting-source')).toHaveText('Set here');
  // The POS configuration is untouched by it.
  await page.goto(`${mate.url}/settings/pos/configuration`);
  await expect(page.locator('[data-testid="setting-row"][data-path="receipt.copies"]').getByTestId('setting-source')).toHaveText('Default', { timeout: 30_000 });
});
