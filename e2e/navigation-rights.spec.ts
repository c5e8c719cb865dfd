import { expect, test } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// docs/permissions.md "What the browser gets": the navigation answer holds only what the user may open.
const PASSWORD = 'navigation-rights-e2e-password';
// Demo user with Read on a few data areas only (docs/demo-data.md).
const CASHIER = { username: 'cashier.at', password: 'demo-pass-1' };
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

test('an ordinary user is told nothing of the pages they may not open; a typed address of one still says forbidden', async ({ page }) => {
  const navigation = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/ui/navigation');
  await signIn(page, mate.url, CASHIER.password, '/', 'title-bar', CASHIER.username);
  const body = await (await navigation).text();
  expect(body).toContain('/data/pos-supply/article');
  // The cashier's Read on '/' reaches the API documentation pages, filed under Administration; the administration
  // pages themselves (permissions, outbox), test mode, diagnostics and the user grid stay unnamed.
  for (const secret of ['/admin/permissions', '/admin/outbox', '/internal/test-mode', '/diagnostics', '/data/identity/user']) expect(body).not.toContain(secret);
  // Its Administration menu holds the API documentation only.
  await page.getByTestId('mega-menu-/admin').click();
  const adminPanel = page.locator('[data-testid="mega-menu-panel"]:visible');
  await expect(adminPanel.getByRole('link', { name: 'API documentation (Swagger)' })).toBeVisible();
  await expect(adminPanel.getByRole('link', { name: 'Permissions' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('test-mode-toggle')).toHaveCount(0);

  // The menu by keyboard: the master-data menu opens with Enter and offers the articles, not the users.
  await page.getByTestId('mega-menu-/data').focus();
  await page.keyboard.press('Enter');
  const panel = page.locator('[data-testid="mega-menu-panel"]:visible');
  await expect(panel.getByRole('link', { name: 'Articles' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Users' })).toHaveCount(0);

  await page.goto(`${mate.url}/admin/permissions`);
  await expect(page).toHaveURL(/\/forbidden\?requested=%2Fadmin%2Fpermissions/);
  await expect(page.getByTestId('requested-path')).toHaveText('/admin/permissions');
  await page.goto(`${mate.url}/admin/no-such-page`);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});

test('the administrator gets the whole menu, administration and test mode included', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await page.getByTestId('mega-menu-/admin').click();
  await expect(page.locator('[data-testid="mega-menu-panel"]:visible').getByRole('link', { name: 'Permissions' })).toBeVisible();
  await expect(page.getByTestId('test-mode-toggle')).toBeVisible();
});
