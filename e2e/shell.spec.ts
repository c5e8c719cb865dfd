import { expect, test, type Page } from './support/test';
import { serveMateForSpec } from './support/spec-server';
import { signIn as signInAs } from './support/sign-in';

const PASSWORD = 'shell-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

async function signIn(page: Page, path = '/', ready = 'title-bar'): Promise<void> {
  await signInAs(page, mate.url, PASSWORD, path, ready);
}

test('the forbidden page shows the requested path, also before signing in', async ({ page }) => {
  await page.goto(`${mate.url}/forbidden?requested=${encodeURIComponent('/settings/secret')}`);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByTestId('requested-path')).toHaveText('/settings/secret');
});

test('pages need a user: a deep link goes to the login with the path to come back to', async ({ page }) => {
  await page.goto(`${mate.url}/data/tenancy/tenant`);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fdata%2Ftenancy%2Ftenant/);
});

test('the root page shows the root header, favourites, recent pages and the version', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Mate back office' })).toBeVisible();
  await expect(page.getByTestId('api-version')).toHaveText(/^6\.\d{3}\.\d{4}\.\d{4}$/);
  await expect(page.getByText('Favourites')).toBeVisible();
  await expect(page.getByText('Recently used')).toBeVisible();
});

test('the mega menu opens groups of links, by mouse and keyboard, and marks the active path', async ({ page }) => {
  await signIn(page);
  const masterData = page.getByTestId('mega-menu-/data');
  await masterData.click();
  const panel = page.getByTestId('mega-menu-panel').first();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('group', { name: 'Tenancy' })).toBeVisible();
  // Six groups: three or more columns are the narrow ones.
  await expect(panel.locator('[data-columns]')).toHaveAttribute('data-columns', 'narrow');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(masterData).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(panel.getByRole('link', { name: 'Tenants' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/data\/tenancy\/tenant$/);
  await expect(page.getByTestId('page-title')).toHaveText('Tenants');
  await expect(masterData).toHaveAttribute('data-active', 'true');
  // The route's page (whichever feature renders it) replaced the dashboard.
  await expect(page.getByTestId('dashboard')).toHaveCount(0);
  await expect(page.getByTestId('not-found-page')).toHaveCount(0);
});

test('the not-found page shows the full path', async ({ page }) => {
  await signIn(page, '/no/such/page?x=1');
  await expect(page).toHaveURL(/\/no\/such\/page\?x=1$/);
  await expect(page.getByTestId('not-found-path')).toHaveText('/no/such/page?x=1');
});

test('favourites keep the last 10 and recent pages the last 5, without the root page', async ({ page }) => {
  await signIn(page);
  const paths = ['/data/tenancy/tenant', '/data/tenancy/location', '/data/tenancy/location-group', '/data/tenancy/pos-terminal', '/data/tenancy/pan-terminal', '/data/identity/user', '/data/identity/role', '/data/identity/api-access', '/data/identity/operator', '/data/pos-supply/article', '/data/pos-supply/tax'];
  for (const path of paths) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('favourite-toggle').click();
    await expect(page.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('favourite-pages').getByRole('link')).toHaveCount(10);
  await expect(page.getByTestId('favourite-pages').getByRole('link').first()).toHaveText('Taxes');
  await expect(page.getByTestId('favourite-pages').getByRole('link', { name: 'Tenants', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('recent-pages').getByRole('link')).toHaveText(['Taxes', 'Articles', 'Operators', 'API access', 'Roles']);
  // Kept per user in local storage, with version and date.
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('mate.')));
  expect(stored.some((key) => /^mate\.[^.]+\.favourites$/.test(key))).toBe(true);
});

test('the embedded layout shows the same pages without the shell', async ({ page }) => {
  await signIn(page, '/e/data/tenancy/tenant', 'embedded-layout');
  await expect(page.getByTestId('embedded-layout')).toBeVisible();
  // The page of the route renders (not the not-found page), without title bar and navigation.
  await expect(page.getByRole('main')).not.toBeEmpty();
  await expect(page.getByTestId('not-found-page')).toHaveCount(0);
  await expect(page.getByTestId('navigation-bar')).toHaveCount(0);
  await expect(page.getByTestId('title-bar')).toHaveCount(0);
  await page.goto(`${mate.url}/e/no/such`);
  await expect(page.getByTestId('not-found-path')).toHaveText('/e/no/such');
});

test('switching to Arabic turns the page right to left and is kept', { tag: '@looks' }, async ({ page }) => {
  await signIn(page);
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mate للمكتب الخلفي');
  await page.screenshot({ path: 'test-results/shell-arabic-rtl.png', fullPage: true });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('اللغة').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('the theme choice applies and is kept', async ({ page }) => {
  await signIn(page);
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('the footer shows the locale code and the layout choice sets the page width, kept on reload', async ({ page }) => {
  await signIn(page);
  const footer = page.getByTestId('shell-footer');
  await expect(footer.getByLabel('Language').locator('option:checked')).toHaveText('en');
  const main = page.getByRole('main');
  await expect(main).toHaveAttribute('data-layout', 'auto');
  await footer.getByLabel('Layout').selectOption('boxed');
  await expect(main).toHaveAttribute('data-layout', 'boxed');
  await expect(main).toHaveCSS('max-width', '1200px');
  await page.reload();
  await expect(page.getByRole('main')).toHaveCSS('max-width', '1200px');
  await page.getByTestId('shell-footer').getByLabel('Layout').selectOption('full-width');
  await expect(page.getByRole('main')).toHaveCSS('max-width', '100%');
});
