import { expect, test } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// A real short token lifetime: the token expires on the server and in the browser, nothing is faked.
const PASSWORD = 'expiry-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_TOKEN_LIFETIME_MINUTES: '1' });

test('after the token expired the next call asks for a re-login first, then proceeds', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, mate.url, PASSWORD);
  await expect(page.getByTestId('relogin-dialog')).toHaveCount(0);
  // The lifetime is one minute; the browser checks expiry with a 5 s margin before each call.
  await page.waitForTimeout(62_000);

  // A client-side navigation to a page that loads data: its first call meets the expired token.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/admin/permissions');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const dialog = page.getByTestId('relogin-dialog');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toHaveAttribute('data-reason', 'expired');
  await expect(dialog.getByTestId('relogin-reason')).toHaveText('Your access token has expired. Please sign in again to continue.');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  // The waiting call went on with the new token: the page has its data, and we are still there.
  await expect(page).toHaveURL(/\/admin\/permissions$/);
  await expect(page.getByTestId('subject-picker').locator('option', { hasText: 'Administrators' })).toHaveCount(1);
});
