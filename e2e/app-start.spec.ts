import { expect, test } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const PASSWORD = 'app-start-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

test('the app starts: loading, ping, sign-in, then the dashboard with the build version', async ({ page }) => {
  await page.goto(mate.url);
  await expect(page.getByLabel('Username')).toBeVisible();
  await signIn(page, mate.url, PASSWORD);
  await expect(page.getByTestId('api-version')).toHaveText(/^6\.\d{3}\.\d{4}\.\d{4}$/);
  const version = await (await page.request.get(`${mate.url}/version.json`)).json();
  await expect(page.getByTestId('api-version')).toHaveText(version.version);
});

test('a deep link is served the app, not a 404', async ({ page }) => {
  const response = await page.goto(`${mate.url}/data/tenancy/tenant`);
  expect(response?.status()).toBe(200);
  await expect(page.getByLabel('Username')).toBeVisible();
});
