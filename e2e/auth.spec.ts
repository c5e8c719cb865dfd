import { expect, test } from './support/test';
// These tests are about signing in: through the form, as a user does.
import { signInByForm as signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { smtpSinkForSpec } from './support/smtp-sink';

const PASSWORD = 'auth-e2e-password';
const env: Record<string, string> = { MATE_ADMIN_PASSWORD: PASSWORD, MATE_REGISTRATION: '1' };
// Registered before the server, so that the server starts with MATE_SMTP_URL pointing at it.
const mailbox = smtpSinkForSpec(env);
const mate = serveMateForSpec(env);

/** The site-relative link (`/auth/...?token=...`) of the first mail to `to` that carries one, as the SMTP peer received it. */
function linkFromMailbox(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`${path.replace(/[/.?]/g, '\\$&')}\\?token=[^\\s"<]+`);
  // The mail sender delivers every 5 s and retries a failed delivery after 30 s (server/identity/mail-sender.ts).
  return mailbox.waitFor((mail) => (mail.to.some((address) => address.toLowerCase() === to.toLowerCase()) ? pattern.exec(mail.text)?.[0] : undefined), 75_000);
}

const unique = () => Math.random().toString(36).slice(2, 8);

test('signing in shows the shell with the user in the user menu', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await expect(page.getByTestId('user-menu-button')).toContainText('admin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
});

test("a wrong password shows the server's message under the button, which shakes", async ({ page }) => {
  await page.goto(`${mate.url}/auth/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-error')).toContainText('Invalid username or password');
  await expect(page.getByTestId('sign-in-form').locator('[data-shake]')).toHaveCount(1);
  await expect(page).toHaveURL(/\/auth\/login/);
  // Editing the credentials clears the message.
  await page.getByLabel('Password').fill(PASSWORD);
  await expect(page.getByTestId('sign-in-error')).toHaveCount(0);
});

test('lock opens the re-login dialog with the lock reason; signing in again continues', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Lock' }).click();
  const dialog = page.getByTestId('relogin-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-reason', 'lock');
  await expect(dialog.getByTestId('relogin-reason')).toHaveText('The session is locked. Enter your password to continue.');
  await expect(dialog.getByTestId('relogin-username')).toHaveText('admin');
  // The username is given: the caret waits in the password box.
  await expect(dialog.getByLabel('Password')).toBeFocused();
  // Nothing of the locked page shows through the backdrop.
  const backdrop = await page.getByTestId('relogin-backdrop').evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(backdrop).toMatch(/^rgb\(/);
  // No keyboard dismissal.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('title-bar')).toBeVisible();
});

test('register, confirm through the mailed link, and sign in as the new user', async ({ page, request }) => {
  // A mailed link comes with the sender's next round, or after one retry of a failed delivery (30 s).
  test.setTimeout(150_000);
  const username = `reg${unique()}`;
  const email = `${username}@example.test`;
  await page.goto(`${mate.url}/auth/register`);
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Register');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Username').fill(username);
  // Required fields carry a marker in their label, so the two password fields are found by name.
  await page.locator('input[name="password"]').fill('rita-password-1');
  await page.locator('input[name="confirmation"]').fill('rita-password-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('register-done')).toBeVisible();

  // Not active before the confirmation.
  const early = await request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`${username}:rita-password-1`).toString('base64')}` } });
  expect(early.status()).toBe(401);

  const link = await linkFromMailbox(email, '/auth/validate-email');
  await page.goto(`${mate.url}${link}`);
  await expect(page.getByTestId('validate-email-done')).toBeVisible();
  await signIn(page, mate.url, 'rita-password-1', '/', 'title-bar', username);
  await expect(page.getByTestId('user-menu-button')).toContainText(username);
});

test('reset the password through the mailed link and sign in with the new one', async ({ page, request }) => {
  // A mailed link comes with the sender's next round, or after one retry of a failed delivery (30 s).
  test.setTimeout(150_000);
  const username = `rst${unique()}`;
  const email = `${username}@example.test`;
  const registered = await request.post(`${mate.url}/api/auth/register`, { data: { firstname: 'Rolf', lastname: 'Reset', email, username, password: 'old-password-1' } });
  expect(registered.status(), await registered.text()).toBe(200);
  const confirmLink = await linkFromMailbox(email, '/auth/validate-email');
  const confirmed = await request.post(`${mate.url}/api/auth/confirm-registration`, { data: { token: new URL(confirmLink, mate.url).searchParams.get('token') } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await page.goto(`${mate.url}/auth/reset-password`);
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByTestId('reset-requested')).toBeVisible();

  const link = await linkFromMailbox(email, '/auth/reset-password');
  await page.goto(`${mate.url}${link}`);
  await page.locator('input[name="newPassword"]').fill('new-password-2');
  await page.locator('input[name="confirmation"]').fill('new-password-2');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByTestId('password-set')).toBeVisible();

  // The old password no longer works, the new one does.
  const old = await request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`${username}:old-password-1`).toString('base64')}` } });
  expect(old.status()).toBe(401);
  await signIn(page, mate.url, 'new-password-2', '/', 'title-bar', username);
  await expect(page.getByTestId('user-menu-button')).toContainText(username);
});
