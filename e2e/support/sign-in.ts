import { expect, type Page } from '@playwright/test';

/** Signs in through the login form at `baseUrl + path` and waits for `ready` (a test id; default the shell's title bar). */
export async function signIn(page: Page, baseUrl: string, password: string, path = '/', ready = 'title-bar', username = 'admin'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  // The first sign-in loads the shell's code: on a busy machine that takes longer than an assertion's usual wait.
  await expect(page.getByTestId(ready)).toBeVisible({ timeout: 30_000 });
}
