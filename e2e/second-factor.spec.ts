import { totpCode } from './support/totp';
// These tests are about signing in: through the form, as a user does.
import { signInByForm as signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { expect, test, type APIRequestContext, type Page } from './support/test';

const PASSWORD = 'second-factor-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DATA: 'false' });

/** A user with a password, made through the Users grid's API and the administrator's password command. */
async function userWithPassword(request: APIRequestContext, name: string, password: string): Promise<void> {
  const auth = await request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
  const headers = { authorization: `Bearer ${((await auth.json()) as { access_token: string }).access_token}` };
  const created = await request.post(`${mate.url}/api/data/identity/user`, { headers, data: { UserName: name, EmailAddress: `${name}@example.test`, LoginProvider: 'internal' } });
  expect(created.status(), await created.text()).toBe(201);
  const oid = ((await created.json()) as { Oid: number }).Oid;
  const set = await request.post(`${mate.url}/api/admin/users/${oid}/password`, { headers, data: { newPassword: password } });
  expect(set.status(), await set.text()).toBe(200);
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

/** Username and password by keyboard; the form then asks for the code. */
async function passwordStep(page: Page, name: string, password: string): Promise<void> {
  await page.goto(`${mate.url}/`);
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Code from the authenticator app, or a recovery code')).toBeFocused({ timeout: 30_000 });
}

test('TOTP: set up on the account page by keyboard, sign in with a code, a recovery code works once', async ({ page, request }) => {
  await userWithPassword(request, 'tina', 'tina-password-1');
  await signIn(page, mate.url, 'tina-password-1', '/', 'title-bar', 'tina');
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign-in and sessions' }).click();
  await expect(page.getByTestId('account-page')).toBeVisible();

  // Keyboard only: focus the set-up button, Enter; the code field takes the focus, Enter confirms.
  await page.getByTestId('second-factor-start').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('second-factor-secret').textContent())!.trim();
  await expect(page.getByLabel('Code from the authenticator app, or a recovery code')).toBeFocused();
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  await expect(page.getByText('The code is wrong or was used already.')).toBeVisible();
  await page.keyboard.type(totpCode(secret, Date.now()));
  await page.keyboard.press('Enter');
  const codes = page.getByTestId('recovery-code');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await expect(page.getByTestId('second-factor-enrolled')).toContainText('Recovery codes left: 10');
  await page.getByRole('link', { name: 'Back to the start page' }).click();
  await signOut(page);

  // The password alone is not enough now: the form asks for the code, and a code of the app finishes.
  await passwordStep(page, 'tina', 'tina-password-1');
  await page.keyboard.type(totpCode(secret, Date.now()));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });
  await signOut(page);

  // A recovery code works once.
  await passwordStep(page, 'tina', 'tina-password-1');
  await page.keyboard.type(recovery);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });
  await signOut(page);
  await passwordStep(page, 'tina', 'tina-password-1');
  await page.keyboard.type(recovery);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sign-in-error')).toContainText('The code is wrong or was used already.');
  await expect(page.getByTestId('title-bar')).toHaveCount(0);
});

test('a session ended from another browser is signed out at its next action', async ({ page, browser, request }) => {
  await userWithPassword(request, 'sven', 'sven-password-1');
  await signIn(page, mate.url, 'sven-password-1', '/', 'title-bar', 'sven');

  const other = await (await browser.newContext()).newPage();
  await signIn(other, mate.url, 'sven-password-1', '/auth/account', 'account-page', 'sven');
  const rows = other.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(other.locator('[data-testid="session-row"][data-current]')).toHaveCount(1);
  const first = other.locator('[data-testid="session-row"]:not([data-current])');
  await first.getByTestId('session-end').click();
  await expect(rows).toHaveCount(1);

  // The first browser's next action (opening a page) finds its session ended and asks for a sign-in.
  await page.goto(`${mate.url}/auth/account`);
  await expect(page).toHaveURL(/\/auth\/login/, { timeout: 30_000 });
  // The other browser goes on.
  await other.reload();
  await expect(other.getByTestId('account-page')).toBeVisible();
  await other.context().close();
});

test('the security log shows the sign-ins and second-factor events to an administrator', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD, '/admin/security-log', 'security-log');
  await expect(page.getByTestId('security-log-table').locator('tr[data-kind="sign-in"]').first()).toBeVisible();
  await page.getByTestId('security-log-kind').selectOption('second-factor-enrolled');
  await expect(page.getByTestId('security-log-table').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('security-log-table')).toContainText('tina');
});
