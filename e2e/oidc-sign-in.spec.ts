// The test provider is test support, not app code: the server tests and this spec share it (issue 21).
// eslint-disable-next-line no-restricted-imports
import { startTestOidcProvider, type TestOidcProvider } from '../server/test-support/oidc-provider';
import type { Page } from '@playwright/test';
import { freePort } from './support/free-port';
import { LOOK_CORNERS } from './support/looks';
import { discardStorage, startMate, type MateServer, type MateStorage } from './support/mate-server';
import { expectReadable, useLook } from './support/readable';
import { storageFor } from './support/spec-server';
import { expect, test } from './support/test';

// Sign-in with a directory or Google (docs/auth.md): both providers configured against one real OpenID provider on
// loopback (server/test-support/oidc-provider.ts, its development login and consent pages), with different client
// ids. The provider's account "admin" has the verified address of the product's admin, so it links to that user.
// The browser goes to the product as localhost, its public URL: WebAuthn refuses an IP address as relying party id.
const PASSWORD = 'oidc-e2e-password';
const SHOTS = process.env.MATE_SCREENSHOTS;
let provider: TestOidcProvider;
let mate: MateServer;
let storage: MateStorage;
let site: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const port = await freePort();
  site = `http://localhost:${port}`;
  const callback = (which: string) => `${site}/api/v1-pub/oidc/${which}/callback`;
  provider = await startTestOidcProvider({
    clients: [
      { clientId: 'e2e-directory', clientSecret: 'e2e-directory-secret', redirectUris: [callback('directory')] },
      { clientId: 'e2e-google', clientSecret: 'e2e-google-secret', redirectUris: [callback('google')] },
    ],
    accounts: {
      admin: { email: 'admin@example.invalid', emailVerified: true },
      stranger: { email: 'stranger@example.invalid', emailVerified: true },
      petra: { email: 'petra@example.invalid', emailVerified: true },
    },
  });
  const env = {
    MATE_ADMIN_PASSWORD: PASSWORD,
    MATE_PUBLIC_URL: site,
    MATE_OIDC_DIRECTORY_ISSUER: provider.issuer,
    MATE_OIDC_DIRECTORY_CLIENT_ID: 'e2e-directory',
    MATE_OIDC_DIRECTORY_CLIENT_SECRET: 'e2e-directory-secret',
    MATE_OIDC_GOOGLE_ISSUER: provider.issuer,
    MATE_OIDC_GOOGLE_CLIENT_ID: 'e2e-google',
    MATE_OIDC_GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
  };
  storage = await storageFor(env);
  mate = await startMate(storage, env, port);
});
test.afterAll(async () => {
  await mate?.stop();
  if (storage) await discardStorage(storage);
  await provider?.close();
});

/** The provider's own pages (any password; the login name is the account, then consent), unless its session from an earlier sign-in of the test answers at once. */
async function atProvider(page: Page, login: string, ready: string): Promise<void> {
  const loginField = page.locator('input[name=login]');
  await expect(loginField.or(page.getByTestId(ready)).first()).toBeVisible({ timeout: 30_000 });
  if (!(await loginField.isVisible())) return;
  await loginField.fill(login);
  await page.locator('input[name=password]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

for (const which of ['directory', 'google'] as const) {
  test(`signs in through the ${which} provider as the linked user`, async ({ page }) => {
    await page.goto(`${site}/auth/login`);
    await page.getByTestId(`sign-in-with-${which}`).click();
    // The provider's own pages: any password, the login name is the account; then consent.
    await page.locator('input[name=login]').fill('admin');
    await page.locator('input[name=password]').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('user-menu-button')).toHaveAccessibleName('admin');
    // The ID token is not left in the address bar.
    expect(new URL(page.url()).hash).toBe('');
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('mate.session') ?? '{}') as { provider?: string });
    expect(stored.provider).toBe(which);
  });
}

test('a sign-in cancelled at the provider comes back to the sign-in page saying so', async ({ page }) => {
  await page.goto(`${site}/auth/login`);
  await page.getByTestId('sign-in-with-directory').click();
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page.getByTestId('provider-error')).toHaveAttribute('data-reason', 'access_denied');
  await expect(page.getByTestId('provider-error')).toContainText('cancelled');
  await expect(page.getByTestId('sign-in-form')).toBeVisible();
});

test('an account no user has is refused with the reason', async ({ page }) => {
  await page.goto(`${site}/auth/login`);
  await page.getByTestId('sign-in-with-google').click();
  await page.locator('input[name=login]').fill('stranger');
  await page.locator('input[name=password]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('provider-sign-in')).toContainText('No user has the e-mail address stranger@example.invalid');
  await page.getByTestId('provider-sign-in-back').click();
  await expect(page.getByTestId('sign-in-form')).toBeVisible();
});

test("the re-login dialog of a provider's session offers the provider, which brings the user back to the same page", async ({ page }) => {
  await page.goto(`${site}/auth/login?redirect=${encodeURIComponent('/admin/permissions')}`);
  await page.getByTestId('sign-in-with-directory').click();
  await atProvider(page, 'admin', 'title-bar');
  await expect(page).toHaveURL(/\/admin\/permissions$/, { timeout: 30_000 });
  // A cold first load of the page on a busy machine can take longer than the default wait.
  await expect(page.getByTestId('subject-picker')).toBeVisible({ timeout: 30_000 });

  // Locked from the user menu: the dialog offers the provider of the session, no password field.
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Lock' }).click();
  const dialog = page.getByTestId('relogin-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-reason', 'lock');
  await expect(dialog.getByTestId('relogin-username')).toHaveText('admin');
  await expect(dialog.locator('input[type=password]')).toHaveCount(0);
  await expect(dialog.getByTestId('sign-in-with-google')).toHaveCount(0);
  const again = dialog.getByRole('button', { name: 'Sign in with a work or school account' });
  await expect(again).toBeFocused();
  await page.keyboard.press('Enter');

  // Signed in again at the provider, back on the same page with its data, as the same user.
  await atProvider(page, 'admin', 'subject-picker');
  await expect(page).toHaveURL(/\/admin\/permissions$/, { timeout: 30_000 });
  await expect(page.getByTestId('relogin-dialog')).toHaveCount(0);
  await expect(page.getByTestId('subject-picker').locator('option', { hasText: 'Administrators' })).toHaveCount(1);
  await expect(page.getByTestId('user-menu-button')).toHaveAccessibleName('admin');
  expect(new URL(page.url()).hash).toBe('');
});

test('a user whose second factor is a passkey confirms a provider sign-in with it', async ({ page, request }) => {
  // Petra exists with the provider's verified address; she signs in through the directory and adds a passkey.
  const auth = await request.get(`${site}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
  const headers = { authorization: `Bearer ${((await auth.json()) as { access_token: string }).access_token}` };
  const created = await request.post(`${site}/api/data/identity/user`, { headers, data: { UserName: 'petra', EmailAddress: 'petra@example.invalid', LoginProvider: 'internal' } });
  expect(created.status(), await created.text()).toBe(201);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', { options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true } });
  await page.goto(`${site}/auth/login?redirect=${encodeURIComponent('/auth/account')}`);
  await page.getByTestId('sign-in-with-directory').click();
  await atProvider(page, 'petra', 'account-page');
  await expect(page.getByTestId('account-page')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Name of the new passkey').fill('Petra phone');
  await page.getByTestId('passkey-add-submit').click();
  await expect(page.getByTestId('passkey-row')).toHaveCount(1);

  // The next sign-in through the provider asks for the passkey, as the password sign-in would.
  await page.goto(`${site}/logout`);
  await expect(page).toHaveURL(/\/auth\/login/, { timeout: 30_000 });
  await page.getByTestId('sign-in-with-directory').click();
  await atProvider(page, 'petra', 'sign-in-passkey-step');
  await expect(page.getByTestId('provider-sign-in').getByTestId('sign-in-passkey-step')).toHaveText('Confirm the sign-in with your passkey.');
  // Its button has the focus: Enter lets the browser's authenticator sign.
  await expect(page.getByRole('button', { name: 'Use your passkey' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('user-menu-button')).toHaveAccessibleName('petra');
});

// The sign-in page with the provider buttons in both corners of the looks (light English at 1440 px, dark Arabic at
// 390 px): axe finds nothing serious, nothing runs off the side of a phone. One test, both looks.
test('the sign-in page with its providers reads in both looks', { tag: '@looks' }, async ({ page }) => {
  for (const look of LOOK_CORNERS) {
    await useLook(page, look);
    await page.goto(`${site}/auth/login`);
    await expect(page.locator('html')).toHaveAttribute('dir', look.locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('sign-in-with-directory')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sign-in-with-google')).toBeVisible();
    await expectReadable(page, `the sign-in page in ${look.theme}, ${look.locale}, ${look.width} px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sign-in-providers-${look.theme}-${look.locale}-${look.width}.png`, fullPage: true });
  }
});
