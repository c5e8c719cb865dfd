import { expect, test } from './support/test';
// These tests are about signing in: through the form, as a user does.
import { signInByForm as signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// A real short token lifetime: the token expires on the server and in the browser, nothing is faked. 20 s rather
// than the shortest allowed (15): the browser treats a token as expired 5 s early, and the sign-in and the
// dashboard's first calls must be done with a live token before that.
const PASSWORD = 'expiry-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_TOKEN_LIFETIME_SECONDS: '20' });

test('after the token expired the next call asks for a re-login first, then proceeds', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await expect(page.getByTestId('relogin-dialog')).toHaveCount(0);
  // No fixed wait: until the stored session's expiry (the token's end, which the server enforces too) has passed.
  await page.waitForFunction(
    () => {
      const raw = sessionStorage.getItem('mate.session') ?? localStorage.getItem('mate.session');
      const expiresAt = raw ? (JSON.parse(raw) as { expiresAt?: number }).expiresAt : undefined;
      return expiresAt !== undefined && Date.now() > expiresAt;
    },
    undefined,
    { timeout: 30_000, polling: 250 },
  );

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
