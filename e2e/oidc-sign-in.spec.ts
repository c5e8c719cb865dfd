// The test provider is test support, not app code: the server tests and this spec share it (issue 21).
// eslint-disable-next-line no-restricted-imports
import { startTestOidcProvider, type TestOidcProvider } from '../server/test-support/oidc-provider';
import { freePort } from './support/free-port';
import { discardStorage, startMate, type MateServer, type MateStorage } from './support/mate-server';
import { storageFor } from './support/spec-server';
import { expect, test } from './support/test';

// Sign-in with a directory or Google (docs/auth.md): both providers configured against one real OpenID provider on
// loopback (server/test-support/oidc-provider.ts, its development login and consent pages), with different client
// ids. The provider's account "admin" has the verified address of the product's admin, so it links to that user.
const PASSWORD = 'oidc-e2e-password';
let provider: TestOidcProvider;
let mate: MateServer;
let storage: MateStorage;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const port = await freePort();
  const callback = (which: string) => `http://127.0.0.1:${port}/api/v1-pub/oidc/${which}/callback`;
  provider = await startTestOidcProvider({
    clients: [
      { clientId: 'e2e-directory', clientSecret: 'e2e-directory-secret', redirectUris: [callback('directory')] },
      { clientId: 'e2e-google', clientSecret: 'e2e-google-secret', redirectUris: [callback('google')] },
    ],
    accounts: { admin: { email: 'admin@example.invalid', emailVerified: true }, stranger: { email: 'stranger@example.invalid', emailVerified: true } },
  });
  const env = {
    MATE_ADMIN_PASSWORD: PASSWORD,
    MATE_PUBLIC_URL: `http://127.0.0.1:${port}`,
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

for (const which of ['directory', 'google'] as const) {
  test(`signs in through the ${which} provider as the linked user`, async ({ page }) => {
    await page.goto(`${mate.url}/auth/login`);
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
  await page.goto(`${mate.url}/auth/login`);
  await page.getByTestId('sign-in-with-directory').click();
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page.getByTestId('provider-error')).toHaveAttribute('data-reason', 'access_denied');
  await expect(page.getByTestId('provider-error')).toContainText('cancelled');
  await expect(page.getByTestId('sign-in-form')).toBeVisible();
});

test('an account no user has is refused with the reason', async ({ page }) => {
  await page.goto(`${mate.url}/auth/login`);
  await page.getByTestId('sign-in-with-google').click();
  await page.locator('input[name=login]').fill('stranger');
  await page.locator('input[name=password]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('provider-sign-in')).toContainText('No user has the e-mail address stranger@example.invalid');
  await page.getByTestId('provider-sign-in-back').click();
  await expect(page.getByTestId('sign-in-form')).toBeVisible();
});
