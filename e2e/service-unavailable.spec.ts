import { expect, test } from './support/test';
import { startMate, type MateServer } from './support/mate-server';
import { storageFor } from './support/spec-server';
import { startUiProxy, type UiProxy } from './support/ui-proxy';

let proxy: UiProxy;
let mate: MateServer | undefined;

test.beforeAll(async () => {
  proxy = await startUiProxy();
});
test.afterAll(async () => {
  await mate?.stop();
  await proxy?.close();
});

test('with the API down the unavailable page shows, and Retry recovers once it is up', async ({ page }) => {
  proxy.setApiPort(undefined);
  await page.goto(proxy.url);
  await expect(page.getByRole('heading', { name: 'Service unavailable' })).toBeVisible();
  await expect(page.getByText('The API service appears not to be started')).toBeVisible();

  // Retry while still down keeps the page.
  await page.getByRole('link', { name: 'Retry' }).click();
  await expect(page.getByRole('link', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Service unavailable' })).toBeVisible();

  mate = await startMate(await storageFor());
  proxy.setApiPort(mate.port);
  await page.getByRole('link', { name: 'Retry' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Service unavailable' })).toBeHidden();
});

test('HTTP 521 from the ping continues into the app (spec 1 §8)', async ({ page }) => {
  const running = mate ?? (mate = await startMate(await storageFor()));
  proxy.setApiPort(running.port);
  await page.route('**/api/v1/ping', (route) => route.fulfill({ status: 521, body: '' }));
  await page.goto(proxy.url);
  await expect(page.getByLabel('Username')).toBeVisible();
});
