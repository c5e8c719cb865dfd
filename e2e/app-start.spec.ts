import { expect, test } from '@playwright/test';
import { freshStorage, startMate, type MateServer } from './support/mate-server';

let mate: MateServer;

test.beforeAll(async () => {
  mate = await startMate(await freshStorage());
});
test.afterAll(async () => {
  await mate?.stop();
});

test('the app starts: loading, ping, then the home page with the build version', async ({ page }) => {
  await page.goto(mate.url);
  await expect(page.getByRole('heading', { name: 'Mate back office' })).toBeVisible();
  await expect(page.getByTestId('api-version')).toHaveText(/^6\.\d{3}\.\d{4}\.\d{4}$/);
  const version = await (await page.request.get(`${mate.url}/version.json`)).json();
  await expect(page.getByTestId('api-version')).toHaveText(version.version);
});

test('a deep link is served the app, not a 404', async ({ page }) => {
  const response = await page.goto(`${mate.url}/data/tenancy/tenant`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Mate back office' })).toBeVisible();
});

test('the theme choice applies and is kept', async ({ page }) => {
  await page.goto(mate.url);
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
});
