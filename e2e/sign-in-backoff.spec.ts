import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { serveMateForSpec } from './support/spec-server';

const PASSWORD = 'sign-in-backoff-e2e-password';
// The first back-off lasts 3 s instead of 1 (docs/auth.md "Throttles"), so the fourth attempt surely lands inside it
// on a busy machine; the waits are those of the product, read from its answers, never slept.
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_SIGNIN_FIRST_BACKOFF_SECONDS: '3' });
const DEMO_PASSWORD = 'demo-pass-1'; // docs/demo-data.md

const isSignIn = (url: string) => new URL(url).pathname === '/api/v1-pub/auth/user/token.json';

/** Signs in with a wrong password `times` times by the form's button; answers the last answer's body. */
async function failSignIns(page: Page, username: string, times: number, button: string): Promise<{ error_code?: string; retryAfterSeconds?: number }> {
  await page.locator('input[name=username]').fill(username);
  let body: { error_code?: string; retryAfterSeconds?: number } = {};
  for (let i = 1; i <= times; i++) {
    await page.locator('input[name=password]').fill(`wrong-password-${i}`);
    const answered = page.waitForResponse((r) => isSignIn(r.url()));
    await page.getByRole('button', { name: button }).click();
    const response = await answered;
    expect(response.status()).toBe(401);
    body = (await response.json()) as typeof body;
    await expect(page.getByTestId('sign-in-error')).toBeVisible();
  }
  return body;
}

test('four wrong passwords show the back-off in the UI language with its seconds, and the button works again after the wait', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${mate.url}/auth/login`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const error = page.getByTestId('sign-in-error');
  const button = page.getByTestId('sign-in-submit');

  // English: the first three cost nothing, the fourth meets the back-off the third started.
  const english = await failSignIns(page, 'admin', 4, 'Sign in');
  expect(english.error_code).toBe('40103');
  const seconds = english.retryAfterSeconds!;
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(3);
  await expect(error).toHaveText(`Authorization: Too many failed sign-ins for this user. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
  await expect(error).toHaveAttribute('data-icon', 'user-lock');
  await expect(button).toBeDisabled(); // an attempt now would only be refused again
  // Once the wait is over the button is offered again, and the right password signs in.
  await expect(button).toBeEnabled({ timeout: (seconds + 5) * 1000 });
  await expect(error).toBeVisible();
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });

  // German, another user of the demo data: the same back-off in German words.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('mate.locale', 'de');
  });
  await page.goto(`${mate.url}/auth/login`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('input[name=username]')).toBeVisible({ timeout: 30_000 });
  const german = await failSignIns(page, 'manager.de', 4, 'Anmelden');
  expect(german.error_code).toBe('40103');
  const wait = german.retryAfterSeconds!;
  await expect(error).toHaveText(`Berechtigung: Zu viele fehlgeschlagene Anmeldungen für diesen Benutzer. Versuchen Sie es in ${wait} ${wait === 1 ? 'Sekunde' : 'Sekunden'} erneut.`);
  await expect(button).toBeDisabled();
  await expect(button).toBeEnabled({ timeout: (wait + 5) * 1000 });
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });
});
