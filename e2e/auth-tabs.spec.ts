import { expect, test } from './support/test';
// These tests are about signing in: through the form, as a user does.
import { signInByForm as signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const PASSWORD = 'auth-tabs-e2e-password';
// No demo data: the tests need only the administrator, and an empty database starts quickly.
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DATA: 'false' });

test('a shared link opened in a new tab of the same browser is signed in, without remember, until sign-out', async ({ page, context, browser }) => {
  await signIn(page, mate.url, PASSWORD); // "Remember me" stays unticked: the session is kept for this session only
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key === 'mate.session'))).toEqual([]);

  const shared = await context.newPage();
  await shared.goto(`${mate.url}/data/tenancy/tenant`);
  await expect(shared.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });
  await expect(shared.getByTestId('user-menu-button')).toContainText('admin');
  await expect(shared).toHaveURL(/\/data\/tenancy\/tenant$/);
  expect(await shared.evaluate(() => localStorage.getItem('mate.session'))).toBeNull(); // still not kept beyond the session

  // Another browser (profile) gets nothing.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(`${mate.url}/data/tenancy/tenant`);
  await expect(stranger).toHaveURL(/\/auth\/login/);

  // Signing out ends the session for new tabs too.
  await shared.close();
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  const after = await context.newPage();
  await after.goto(`${mate.url}/data/tenancy/tenant`);
  await expect(after).toHaveURL(/\/auth\/login/);
});

test('a tab whose session is locked gives none to a new tab', async ({ page, context }) => {
  await signIn(page, mate.url, PASSWORD);
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Lock' }).click();
  await expect(page.getByTestId('relogin-dialog')).toHaveAttribute('data-reason', 'lock');
  const shared = await context.newPage();
  await shared.goto(`${mate.url}/data/tenancy/tenant`);
  await expect(shared).toHaveURL(/\/auth\/login/);
});
