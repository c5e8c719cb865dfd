import type { CDPSession } from '@playwright/test';
import { LOOK_CORNERS } from './support/looks';
import { expectReadable } from './support/readable';
import { totpCode } from './support/totp';
// These tests are about signing in: through the form, as a user does.
import { signIn as signInByApi, signInByForm as signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { expect, test, type APIRequestContext, type Page } from './support/test';

const PASSWORD = 'passkeys-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DATA: 'false' });
/** WebAuthn refuses an IP address as relying party id: the browser goes to the same server as localhost. */
const site = () => mate.url.replace('127.0.0.1', 'localhost');
const CODE_FIELD = 'Code from the authenticator app, or a recovery code';
const SHOTS = process.env.MATE_SCREENSHOTS;

/** How far the page scrolls sideways (0: it fits the window). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

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

/** Chromium's virtual authenticator (CTAP2, built in, with user verification), as a phone or laptop would offer. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

async function toAccountPage(page: Page): Promise<void> {
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign-in and sessions' }).click();
  await expect(page.getByTestId('account-page')).toBeVisible();
}

test('passkey: added on the account page, signs in after the password, removed', async ({ page, request }) => {
  await userWithPassword(request, 'paula', 'paula-password-1');
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signIn(page, site(), 'paula-password-1', '/', 'title-bar', 'paula');
  await toAccountPage(page);
  await expect(page.getByTestId('account-passkeys')).toContainText('No passkeys yet.');

  // A name is needed; then the browser's authenticator creates the passkey.
  await page.getByTestId('passkey-add-submit').click();
  await expect(page.getByTestId('passkey-name-error')).toBeVisible();
  await page.getByLabel('Name of the new passkey').fill('This laptop');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('passkey-row')).toHaveCount(1);
  await expect(page.getByTestId('passkey-name')).toHaveText('This laptop');
  await expect(page.getByTestId('passkey-last-used')).toHaveText('Never');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  await page.getByRole('link', { name: 'Back to the start page' }).click();
  await signOut(page);

  // The password alone is not enough now: the form asks for the passkey, and the authenticator signs.
  await page.goto(`${site()}/`);
  await page.getByLabel('Username').fill('paula');
  await page.getByLabel('Password').fill('paula-password-1');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sign-in-passkey-step')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });

  await toAccountPage(page);
  await expect(page.getByTestId('passkey-last-used')).not.toHaveText('Never');
  // Removing asks first, naming the passkey and what its going means: paula has no app, so no second factor is left.
  const remove = page.getByRole('button', { name: 'Remove the passkey This laptop' });
  await remove.click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove the passkey “This laptop”?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The passkey “This laptop” will no longer confirm your sign-in.');
  await expect(dialog.getByTestId('remove-passkey-last')).toHaveAttribute('data-after', 'none');
  await expect(dialog.getByTestId('remove-passkey-last')).toContainText('whoever knows your password can sign in as you');
  // Escape keeps the passkey and gives focus back to its Remove button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('passkey-row')).toHaveCount(1);
  await expect(remove).toBeFocused();
  // By keyboard: the dialog opens on Cancel (the safe choice); Tab reaches Remove.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('remove-passkey-dialog-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('passkey-row')).toHaveCount(0);
  await expect(page.getByTestId('account-passkeys')).toContainText('No passkeys yet.');
  // The button is gone with its passkey: focus waits in the name of a new one.
  await expect(page.getByLabel('Name of the new passkey')).toBeFocused();
  await page.getByRole('link', { name: 'Back to the start page' }).click();
  await signOut(page);
  // Without a passkey the password signs in alone again.
  await signIn(page, site(), 'paula-password-1', '/', 'title-bar', 'paula');
});

test('new recovery codes: confirmed by a code, shown once with copy and download; the old ones stop working', async ({ page, request }) => {
  await userWithPassword(request, 'remy', 'remy-password-1');
  await signIn(page, site(), 'remy-password-1', '/auth/account', 'account-page', 'remy');
  await page.getByTestId('second-factor-start').click();
  const secret = (await page.getByTestId('second-factor-secret').textContent())!.trim();
  await page.getByLabel(CODE_FIELD).fill(totpCode(secret, Date.now()));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  const old = (await page.getByTestId('recovery-code').first().textContent())!.trim();
  await page.reload();
  await expect(page.getByTestId('second-factor-enrolled')).toContainText('Recovery codes left: 10');

  // A wrong code changes nothing; a current one (of the next step: the first was used) gives new codes.
  await page.getByLabel(CODE_FIELD).fill('000000');
  await page.keyboard.press('Enter');
  await expect(page.getByText('The code is wrong or was used already.')).toBeVisible();
  await page.getByLabel(CODE_FIELD).fill(totpCode(secret, Date.now() + 30_000));
  await page.getByTestId('recovery-codes-regenerate').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  const fresh = (await page.getByTestId('recovery-code').allTextContents()).map((code) => code.trim());
  expect(fresh).not.toContain(old);
  const download = page.waitForEvent('download');
  await page.getByTestId('recovery-codes-download').click();
  expect((await download).suggestedFilename()).toBe('mate-recovery-codes.txt');
  await expect(page.getByTestId('recovery-codes-copy')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the start page' }).click();
  await signOut(page);

  // The old code is refused at once; a new one signs in.
  for (const [code, works] of [
    [old, false],
    [fresh[0]!, true],
  ] as const) {
    await page.goto(`${site()}/`);
    await page.getByLabel('Username').fill('remy');
    await page.getByLabel('Password').fill('remy-password-1');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(CODE_FIELD)).toBeFocused({ timeout: 30_000 });
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    if (works) await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });
    else await expect(page.getByTestId('sign-in-error')).toContainText('The code is wrong or was used already.');
  }
});

// The passkey list, the recovery codes with their buttons and the sign-in's choice of code or passkey, in both corners
// of the looks: nothing runs off the side of a phone, right to left included.
for (const { theme, locale, width, height } of LOOK_CORNERS) {
  test(`passkeys and recovery codes read in ${theme}, ${locale}, ${width} px`, { tag: '@looks' }, async ({ page, request }) => {
    const name = `looks-${locale}`;
    await userWithPassword(request, name, `${name}-password`);
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((chosenLocale) => localStorage.setItem('mate.locale', chosenLocale), locale);
    await virtualAuthenticator(page);
    // The form's labels are Arabic here: the password-only user starts signed in, the passkey sign-in below is by field name.
    await signInByApi(page, site(), `${name}-password`, '/auth/account', 'account-page', name);
    await page.locator('input[name="passkey-name"]').fill('Phone');
    await page.getByTestId('passkey-add-submit').click();
    await expect(page.getByTestId('passkey-row')).toHaveCount(1);
    await page.getByTestId('second-factor-start').click();
    const secret = (await page.getByTestId('second-factor-secret').textContent())!.trim();
    await page.getByTestId('second-factor-confirm').locator('input').fill(totpCode(secret, Date.now()));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('recovery-codes-download')).toBeVisible();
    await expectReadable(page, 'the account page with a passkey and recovery codes');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/passkeys-account-${theme}-${locale}-${width}.png`, fullPage: true });
    // The confirmation before removing it: the app stays, so no warning; Cancel keeps the passkey.
    await page.getByTestId('passkey-remove').click();
    const dialog = page.getByTestId('remove-passkey-dialog');
    await expect(dialog).toContainText('Phone');
    await expect(dialog.getByTestId('remove-passkey-last')).toHaveCount(0);
    await expectReadable(page, 'the confirmation of removing a passkey');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/passkeys-remove-${theme}-${locale}-${width}.png` });
    await dialog.getByRole('button', { name: locale === 'ar' ? 'إلغاء' : 'Cancel' }).click();
    await expect(page.getByTestId('passkey-row')).toHaveCount(1);

    await page.goto(`${site()}/logout`);
    await expect(page).toHaveURL(/\/auth\/login/, { timeout: 30_000 });
    await page.locator('input[name="username"]').fill(name);
    await page.locator('input[name="password"]').fill(`${name}-password`);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sign-in-passkey')).toBeVisible({ timeout: 30_000 });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/passkeys-sign-in-${theme}-${locale}-${width}.png`, fullPage: true });
    await page.getByTestId('sign-in-passkey').click();
    await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });
  });
}
