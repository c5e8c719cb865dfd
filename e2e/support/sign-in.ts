import { expect, type Page } from '@playwright/test';

/** Signs in through the login form at `baseUrl + path` and waits for `ready` (a test id; default the shell's title bar). */
export async function signInByForm(page: Page, baseUrl: string, password: string, path = '/', ready = 'title-bar', username = 'admin'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  // The first sign-in loads the shell's code: on a busy machine that takes longer than an assertion's usual wait.
  await expect(page.getByTestId(ready)).toBeVisible({ timeout: 30_000 });
}

let injections = 0;

/**
 * Signs in as the tab would after a sign-in, and opens `baseUrl + path`; waits for `ready` as signInByForm does.
 *
 * The token comes from the product's own sign-in call (`GET /api/v1-pub/auth/user/token.json` with Basic
 * credentials, the call the form makes, so the server checks the password and logs the sign-in as it always does),
 * and the session is put where the form's sign-in puts it (sessionStorage `mate.session`, src/auth/session-storage.ts)
 * before the page's scripts run: the sign-in page is not drawn and filled for the ~190 tests that are not about it
 * (docs/testing.md). Tests of signing in use signInByForm. A user the call refuses (a second factor due, a password to
 * change) signs in through the form, where the test sees what the user would.
 */
export async function signIn(page: Page, baseUrl: string, password: string, path = '/', ready = 'title-bar', username = 'admin'): Promise<void> {
  const answer = await page.request.get(`${baseUrl}/api/v1-pub/auth/user/token.json`, {
    headers: { Authorization: `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}` },
  });
  if (!answer.ok()) return signInByForm(page, baseUrl, password, path, ready, username);
  const token = (await answer.json()) as { access_token: string; expires_in?: number };
  const session = JSON.stringify({
    token: token.access_token,
    username,
    remember: false,
    ...(typeof token.expires_in === 'number' ? { expiresAt: Date.now() + token.expires_in * 1000 } : {}),
  });
  // Once per call, on the product's origin only: a later sign-out stays signed out, and a page of another origin
  // (a framing application, a second server) gets nothing.
  const marker = `mate.e2e.session-injected.${++injections}`;
  await page.addInitScript(
    ({ origin, marker, session }) => {
      if (window.location.origin !== origin || window !== window.top || sessionStorage.getItem(marker) !== null) return;
      sessionStorage.setItem(marker, '1');
      sessionStorage.setItem('mate.session', session);
      localStorage.setItem('mate.session.shared', '1');
    },
    { origin: new URL(baseUrl).origin, marker, session },
  );
  await page.goto(`${baseUrl}${path}`);
  await expect(page.getByTestId(ready)).toBeVisible({ timeout: 30_000 });
}
