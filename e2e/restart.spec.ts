import { expect, test } from '@playwright/test';
import { freshStorage, startMate } from './support/mate-server';

test('data survives a clean stop and start, and the administrator is created only once', async ({ page }) => {
  const storage = await freshStorage();
  const first = await startMate(storage);
  await page.goto(first.url);
  const installation = await page.getByTestId('installation-id').textContent();
  expect(installation).toMatch(/^[0-9a-f-]{36}$/);
  expect(first.output()).toMatch(/created the administrator 'admin' with the password \S{20}/);

  expect(await first.stop()).toBe(0);

  const second = await startMate(storage, {}, first.port);
  try {
    await page.reload();
    await expect(page.getByTestId('installation-id')).toHaveText(installation!);
    expect(second.output()).not.toContain('created the administrator');
  } finally {
    expect(await second.stop()).toBe(0);
  }
});

test('a bad configuration value stops the start with a message naming the variable', async () => {
  const storage = await freshStorage();
  await expect(startMate(storage, { PORT: 'eighty' })).rejects.toThrow(/PORT must be a whole number/);
});
