import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const PASSWORD = 'permissions-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
let token: string;
let roleOid: number;

async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, {
    headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Row {
  p: string;
  e: boolean | null;
  tenants: Record<string, boolean | null>;
}

/** The role's Read matrix as the server has it. */
async function serverRow(request: APIRequestContext, path: string): Promise<Row> {
  const response = await request.get(`${mate.url}/api/admin/permissions/matrix?subject=role:${roleOid}&action=Read`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { rows: Row[] }).rows.find((row) => row.p === path)!;
}

test.beforeAll(async ({ request }) => {
  token = await apiToken(request);
  const created = await request.post(`${mate.url}/api/data/identity/role`, { headers: { authorization: `Bearer ${token}` }, data: { Name: `E2E Clerk ${Date.now().toString(36)}` } });
  expect(created.status(), await created.text()).toBe(201);
  roleOid = Number(((await created.json()) as { Oid: number }).Oid);
});

test('the matrix click cycle of a role, saved on every click', async ({ page, request }) => {
  await signIn(page, mate.url, PASSWORD, '/admin/permissions', 'permission-admin');
  await page.getByTestId('subject-picker').selectOption(`role:${roleOid}`);
  const matrix = page.getByTestId('permission-matrix');
  await expect(matrix).toBeVisible();
  const cell = (path: string) => matrix.locator(`tr[data-path="${path}"] td`).nth(1).locator('button');

  // /admin: nothing above decides -> allowed.
  await expect(cell('/admin')).toHaveAttribute('data-state', 'none');
  await cell('/admin').click();
  await expect(cell('/admin')).toHaveAttribute('data-state', 'allowed');
  await expect.poll(async () => (await serverRow(request, '/admin')).e).toBe(true);
  // The child now inherits "allowed", dimmed.
  await expect(cell('/admin/permissions')).toHaveAttribute('data-state', 'allowed');
  await expect(cell('/admin/permissions')).toHaveAttribute('data-inherited', 'true');

  // Under an allowed parent: inherit -> denied -> inherit.
  await cell('/admin/permissions').click();
  await expect(cell('/admin/permissions')).toHaveAttribute('data-state', 'denied');
  await expect(cell('/admin/permissions')).not.toHaveAttribute('data-inherited', 'true');
  await expect.poll(async () => (await serverRow(request, '/admin/permissions')).e).toBe(false);
  await cell('/admin/permissions').click();
  await expect(cell('/admin/permissions')).toHaveAttribute('data-inherited', 'true');
  await expect.poll(async () => (await serverRow(request, '/admin/permissions')).e).toBeNull();

  // Allowed -> inherit (null) clears the stored decision.
  await cell('/admin').click();
  await expect(cell('/admin')).toHaveAttribute('data-state', 'none');
  await expect.poll(async () => (await serverRow(request, '/admin')).e).toBeNull();
  await page.screenshot({ path: 'test-results/permission-matrix.png', fullPage: true });
});

test('the matrix search keeps matches with their ancestors, applied after typing stops', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD, '/admin/permissions', 'permission-admin');
  await page.getByTestId('subject-picker').selectOption(`role:${roleOid}`);
  const matrix = page.getByTestId('permission-matrix');
  await expect(matrix.locator('tr[data-path="/admin/outbox"]')).toHaveCount(1);
  await page.getByLabel('Search permissions').fill('+outbox -nothing');
  await expect(matrix.locator('tr[data-path]')).toHaveCount(3);
  await expect(matrix.locator('tr[data-path]')).toHaveText([/\//, /Administration/, /Outbox/]);
});

test('a failed save rolls the cell back and shows an error toast', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD, '/admin/permissions', 'permission-admin');
  await page.getByTestId('subject-picker').selectOption(`role:${roleOid}`);
  const matrix = page.getByTestId('permission-matrix');
  await expect(matrix).toBeVisible();
  await page.route('**/api/admin/permissions/matrix', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, message: 'database down' }) }) : route.continue(),
  );
  const cell = matrix.locator('tr[data-path="/admin"] td').nth(1).locator('button');
  await cell.click();
  await expect(page.getByText('database down')).toBeVisible();
  await expect(cell).toHaveAttribute('data-state', 'none');
});

test('the why view says which rule decided', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD, '/admin/permissions', 'permission-admin');
  await page.getByRole('tab', { name: 'Why?' }).click();
  // Only the open tab's picker is visible; the matrix tab's stays mounted behind it.
  const subjects = page.locator('[data-testid="subject-picker"]:visible');
  const admin = await subjects.locator('option', { hasText: 'admin' }).first().getAttribute('value');
  await subjects.selectOption(admin!);
  await page.getByTestId('why-path').selectOption('/admin/outbox');
  await page.getByRole('button', { name: 'Explain' }).click();
  await expect(page.getByTestId('why-answer')).toHaveText('Allowed by role Administrators for Global on /.');
});

test('role permissions as a checkbox tree: checking a box stores an allow', async ({ page, request }) => {
  await signIn(page, mate.url, PASSWORD, '/admin/permissions', 'permission-admin');
  await page.getByRole('tab', { name: 'Role permissions' }).click();
  await page.locator('[data-testid="subject-picker"]:visible').selectOption(`role:${roleOid}`);
  const grid = page.getByTestId('role-permissions-grid');
  await grid.locator('tr[data-row="/data"] [data-column="global"]').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Permissions saved')).toBeVisible();
  await expect.poll(async () => (await serverRow(request, '/data')).e).toBe(true);
});
