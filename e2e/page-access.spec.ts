import { expect, test } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// Demo user with Read on a few data areas only (docs/demo-data.md).
const CASHIER = { username: 'cashier.at', password: 'demo-pass-1' };

const mate = serveMateForSpec();

test('a page the user may not open goes to forbidden with the requested path; the menu does not offer it', async ({ page }) => {
  await signIn(page, mate.url, CASHIER.password, '/', 'title-bar', CASHIER.username);
  await page.getByTestId('mega-menu-/data').click();
  const panel = page.getByTestId('mega-menu-panel').first();
  await expect(panel.getByRole('link', { name: 'Articles' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Users' })).toHaveCount(0);

  await page.goto(`${mate.url}/data/identity/user`);
  await expect(page).toHaveURL(/\/forbidden\?requested=%2Fdata%2Fidentity%2Fuser/);
  await expect(page.getByTestId('requested-path')).toHaveText('/data/identity/user');

  // The server refuses the data too, whatever the page does.
  const basic = Buffer.from(`${CASHIER.username}:${CASHIER.password}`).toString('base64');
  const signedIn = await page.request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${basic}` } });
  const { access_token: token } = (await signedIn.json()) as { access_token: string };
  const answer = await page.request.get(`${mate.url}/api/data/identity/user`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(403);
});

test('a path that is no page at all is not found', async ({ page }) => {
  await signIn(page, mate.url, CASHIER.password, '/no/such/page', 'not-found-page', CASHIER.username);
});
