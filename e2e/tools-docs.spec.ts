import { blocking, formatViolations, scanPage } from './support/axe';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// Issue 18, the tools pages of the administration and service areas: Swagger UI and Scalar (served by the product,
// nothing fetched elsewhere, "Try it out" as the signed-in user), the outbox (a failed mail's reason,
// tokens masked, send again, delete) and the monitoring page (live figures, pause, the same figures at /metrics);
// each opened from the navigation, surviving a reload, and readable in Arabic, dark, at 390 px.
const PASSWORD = 'tools-docs-e2e-password';
// Nothing listens on port 9 of this machine: every SMTP attempt fails at once with a reason the outbox shows.
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_SMTP_URL: 'smtp://127.0.0.1:9' });

test.describe.configure({ mode: 'serial' });

async function adminToken(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** Every request the page makes, so a test can prove none left this machine's server. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

function foreign(urls: string[]): string[] {
  const own = new URL(mate.url).origin;
  return urls.filter((url) => !url.startsWith(own) && !url.startsWith('data:') && !url.startsWith('blob:'));
}

/** Opens a page from the mega menu: the group's button, then the item's link. */
async function openFromNavigation(page: Page, group: string, link: string): Promise<void> {
  await page.getByTestId(`mega-menu-${group}`).click();
  await page.locator('[data-testid="mega-menu-panel"]:visible').getByRole('link', { name: link, exact: true }).click();
}

async function noBlockingFindings(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  const violations = blocking(await scanPage(page));
  expect(violations, formatViolations(violations)).toEqual([]);
}

test('Swagger UI: opened from the navigation, served by the product, "Try it out" calls as the signed-in user', { tag: '@looks' }, async ({ page }) => {
  test.setTimeout(120_000);
  const urls = recordRequests(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await openFromNavigation(page, '/admin', 'API documentation (Swagger)');
  await expect(page).toHaveURL(/\/api-docs\/swagger$/);
  const docs = page.getByTestId('api-docs-swagger');
  await expect(docs.locator('.swagger-ui .info .title')).toContainText('Mate data service', { timeout: 30_000 });
  await expect(docs).toHaveAttribute('dir', 'ltr');
  // The user's own profile needs the bearer token: the interceptor adds it.
  await docs.locator('input.operation-filter-input').fill('user');
  // The tag opened by keyboard: its expand button, then Enter.
  await docs.locator('#operations-tag-user button.expand-operation').focus();
  await page.keyboard.press('Enter');
  await expect(docs.locator('#operations-tag-user')).toHaveAttribute('data-is-open', 'true');
  // Swagger UI breaks the shown path with zero-width spaces; its data-path attribute keeps it whole.
  const profile = docs.locator('.opblock').filter({ has: page.locator('[data-path="/api/user/profile"]') }).first();
  await profile.locator('.opblock-summary-control').click();
  await profile.getByRole('button', { name: 'Try it out' }).click();
  await profile.getByRole('button', { name: 'Execute' }).click();
  await expect(profile.locator('.live-responses-table tr.response .response-col_status').first()).toHaveText('200');
  await expect(profile.locator('.live-responses-table')).toContainText('"username": "admin"');
  await page.screenshot({ path: 'test-results/tools-docs-swagger-en-light-1440.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/tools-docs-swagger-en-dark-1440.png' });
  await page.reload();
  await expect(page.getByTestId('api-docs-swagger').locator('.swagger-ui .info .title')).toContainText('Mate data service', { timeout: 30_000 });
  expect(foreign(urls)).toEqual([]);
  expect(urls.some((url) => url.includes('/api/docs/assets/swagger-ui-bundle.js'))).toBe(true);
});

test('Scalar: opened from the navigation, the whole document rendered from the product, searched, light and dark', { tag: '@looks' }, async ({ page }) => {
  test.setTimeout(120_000);
  const urls = recordRequests(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await openFromNavigation(page, '/admin', 'API documentation (Scalar)');
  await expect(page).toHaveURL(/\/api-docs\/scalar$/);
  const docs = page.getByTestId('api-docs-scalar');
  // The whole document: its sidebar lists every tag.
  const sidebar = docs.getByRole('navigation', { name: 'Sidebar for Mate data service' });
  await expect(sidebar).toBeVisible({ timeout: 60_000 });
  await expect(docs).toHaveAttribute('dir', 'ltr');
  // The search, by keyboard: it finds operations routes' own schemas describe (changing one's password,
  // server/identity/auth-schemas.ts; the hub's negotiate, server/hub/hub-schemas.ts).
  for (const [words, path] of [['change-password', '/api/auth/change-password'], ['negotiate', '/api/hub/mate/negotiate']] as const) {
    await sidebar.getByRole('search').click();
    await page.keyboard.type(words);
    await expect(page.getByRole('dialog')).toContainText(path);
    await page.keyboard.press('Escape');
  }
  await page.screenshot({ path: 'test-results/tools-docs-scalar-en-light-1440.png' });
  await expect(page.locator('body')).toHaveClass(/light-mode/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('body')).toHaveClass(/dark-mode/);
  await page.screenshot({ path: 'test-results/tools-docs-scalar-en-dark-1440.png' });
  await page.reload();
  await expect(page.getByTestId('api-docs-scalar').getByRole('navigation', { name: 'Sidebar for Mate data service' })).toBeVisible({ timeout: 60_000 });
  expect(foreign(urls)).toEqual([]);
  expect(urls.some((url) => url.includes('/api/docs/assets/scalar-standalone.js'))).toBe(true);
});

test('outbox: a failed attempt with its reason, the token masked, sent again, one deleted; it stays deleted after a reload', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  // Two reset mails for the administrator (admin@example.invalid): the sender tries them and fails (nothing on port 9).
  const auth = { authorization: `Bearer ${token}` };
  const { userOid } = (await (await request.get(`${mate.url}/api/user/profile`, { headers: auth })).json()) as { userOid: number };
  for (let i = 0; i < 2; i += 1) {
    const sent = await request.post(`${mate.url}/api/admin/users/${userOid}/password-reset`, { headers: auth });
    expect(sent.status(), await sent.text()).toBeLessThan(300);
  }
  await expect
    .poll(async () => {
      const answer = await request.get(`${mate.url}/api/admin/outbox`, { headers: auth });
      const { items } = (await answer.json()) as { items: { attempts: number }[] };
      return items.filter((mail) => mail.attempts > 0).length;
    }, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await openFromNavigation(page, '/admin', 'Outbox');
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  const rows = page.getByTestId('outbox-table').locator('tbody tr[data-mail-oid]');
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId('outbox-error')).toContainText('ECONNREFUSED');
  // The text, opened by keyboard, shows the link with its token masked.
  await rows.first().getByRole('button', { name: 'Show the text' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('outbox-text')).toContainText('reset-password?token=••••••');
  await page.screenshot({ path: 'test-results/tools-docs-outbox-en-light-1440.png' });
  await rows.first().getByTestId('outbox-resend').click();
  await expect(page.getByText('The mail is queued again')).toBeVisible();
  // Filter by state, then delete the second mail after confirming.
  await page.getByTestId('outbox-state-filter').selectOption('sent');
  await expect(page.getByText('No mail matches the filter.')).toBeVisible();
  await page.getByTestId('outbox-state-filter').selectOption('');
  const last = rows.last();
  const oid = await last.getAttribute('data-mail-oid');
  await last.getByTestId('outbox-delete').click();
  await expect(page.getByTestId('delete-mail-dialog')).toContainText('will never be sent');
  await page.getByTestId('delete-mail-confirm').click();
  await expect(page.locator(`tr[data-mail-oid="${oid}"]`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('outbox-table').locator('tbody tr[data-mail-oid]')).toHaveCount(1);
  await expect(page.locator(`tr[data-mail-oid="${oid}"]`)).toHaveCount(0);
  // Sorting by keyboard.
  const header = page.locator('[data-sort-column="attempts"]');
  await header.focus();
  await page.keyboard.press('Enter');
  await expect(header.locator('xpath=..')).toHaveAttribute('aria-sort', 'ascending');
});

test('monitoring: figures from the navigation, read again on their own, paused, and the same at /metrics', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await openFromNavigation(page, '/service', 'Monitoring');
  await expect(page).toHaveURL(/\/service\/monitoring$/);
  const requests = page.getByTestId('monitoring-requests-value');
  await expect(requests).toHaveText(/\d/);
  const first = Number((await requests.innerText()).replace(/\D/g, ''));
  expect(first).toBeGreaterThan(0);
  // The spec server runs on the suite's database: PostgreSQL when DATABASE_URL is set, else the embedded PGlite.
  await expect(page.getByTestId('monitoring-database')).toContainText(process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite');
  await expect(page.getByTestId('monitoring-uptime')).toContainText('6.');
  // Read again by itself (every 5 s): the request count grows by the page's own reads.
  await expect.poll(async () => Number((await requests.innerText()).replace(/\D/g, '')), { timeout: 15_000 }).toBeGreaterThan(first);
  await page.getByTestId('monitoring-pause').click();
  await expect(page.getByTestId('monitoring-read-at')).toContainText('paused');
  await page.screenshot({ path: 'test-results/tools-docs-monitoring-en-light-1440.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await noBlockingFindings(page);
  await page.screenshot({ path: 'test-results/tools-docs-monitoring-en-dark-1440.png' });
  await page.reload();
  await expect(page.getByTestId('monitoring-requests-value')).toHaveText(/\d/);
  const metrics = await request.get(`${mate.url}/metrics`, { headers: { authorization: `Bearer ${await adminToken(request)}` } });
  expect(metrics.status()).toBe(200);
  expect(await metrics.text()).toMatch(/^mate_http_requests_total\{method="GET",route="\/api\/monitoring\/figures",status_class="2xx"\} \d+$/m);
  expect((await request.get(`${mate.url}/metrics`)).status()).toBe(401);
});

test('Arabic, dark, 390 px: the three pages fit the phone, the API documents stay left to right', { tag: '@looks' }, async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, mate.url, PASSWORD);
  await page.evaluate(() => localStorage.setItem('mate.locale', 'ar'));
  for (const [path, ready, name] of [
    ['/api-docs/swagger', '.swagger-ui .info .title', 'swagger'],
    // At 390 px Scalar folds its sidebar behind a menu button: its introduction is what shows.
    ['/api-docs/scalar', '[data-testid="api-docs-scalar"] >> text=Download OpenAPI Document', 'scalar'],
    ['/admin/outbox', '[data-testid="outbox-table"]', 'outbox'],
    ['/service/monitoring', '[data-testid="monitoring-figures"]', 'monitoring'],
  ] as const) {
    await page.goto(`${mate.url}${path}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator(ready).first()).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/tools-docs-${name}-ar-dark-390.png` });
  }
  await expect(page.getByTestId('monitoring-requests')).toContainText('الطلبات');
  await noBlockingFindings(page);
  await context.close();
});
