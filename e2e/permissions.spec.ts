import { expect, test, type APIRequestContext } from './support/test';
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

test('the matrix click cycle of a role, staged until Save, dropped by Discard', async ({ page, request }) => {
  await signIn(page, mate.url, PASSWORD, '/admin/permissions', 'permission-admin');
  await page.getByTestId('subject-picker').selectOption(`role:${roleOid}`);
  const matrix = page.getByTestId('permission-matrix');
  await expect(matrix).toBeVisible();
  await expect(page.getByTestId('matrix-legend')).toContainText('unsaved change');
  const cell = (path: string) => matrix.locator(`tr[data-path="${path}"] td`).nth(1).locator('button');
  const save = page.getByRole('button', { name: 'Save', exact: true });

  // /admin: nothing above decides -> allowed, marked as unsaved; the server has nothing yet.
  await expect(cell('/admin')).toHaveAttribute('data-state', 'none');
  await expect(save).toBeDisabled();
  await cell('/admin').click();
  await expect(cell('/admin')).toHaveAttribute('data-state', 'allowed');
  await expect(cell('/admin')).toHaveAttribute('data-staged', 'true');
  expect((await serverRow(request, '/admin')).e).toBeNull();
  // The child now inherits "allowed", dimmed.
  await expect(cell('/admin/permissions')).toHaveAttribute('data-state', 'allowed');
  await expect(cell('/admin/permissions')).toHaveAttribute('data-inherited', 'true');

  // Under an allowed parent: inherit -> denied -> inherit; clicked back it is no longer a change.
  await cell('/admin/permissions').click();
  await expect(cell('/admin/permissions')).toHaveAttribute('data-state', 'denied');
  await expect(cell('/admin/permissions')).toHaveAttribute('data-staged', 'true');
  await cell('/admin/permissions').click();
  await expect(cell('/admin/permissions')).toHaveAttribute('data-inherited', 'true');
  await expect(cell('/admin/permissions')).not.toHaveAttribute('data-staged', 'true');

  await save.click();
  await expect(page.getByText('1 change saved')).toBeVisible();
  await expect(cell('/admin')).not.toHaveAttribute('data-staged', 'true');
  expect((await serverRow(request, '/admin')).e).toBe(true);
  expect((await serverRow(request, '/admin/permissions')).e).toBeNull();

  // Discard puts back what is stored.
  await cell('/admin').click();
  await expect(cell('/admin')).toHaveAttribute('data-state', 'none');
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(cell('/admin')).toHaveAttribute('data-state', 'allowed');
  await expect(cell('/admin')).not.toHaveAttribute('data-staged', 'true');

  // Allowed -> inherit (null) clears the stored decision once saved.
  await cell('/admin').click();
  await save.click();
  await expect(page.getByText('1 change saved')).toBeVisible();
  expect((await serverRow(request, '/admin')).e).toBeNull();
});

test('a click the cycle leaves unchanged says which decision it inherits', async ({ page, request }) => {
  await signIn(page, mate.url, PASSWORD, '/admin/permissions', 'permission-admin');
  await page.getByTestId('subject-picker').selectOption(`role:${roleOid}`);
  const matrix = page.getByTestId('permission-matrix');
  const cell = (path: string, column: number) => matrix.locator(`tr[data-path="${path}"] td`).nth(column).locator('button');
  // Global /outbox allowed, then its child denied: the child's tenant cells inherit "denied" from Global.
  await cell('/admin', 1).click();
  await cell('/admin/outbox', 1).click();
  await expect(cell('/admin/outbox', 1)).toHaveAttribute('data-state', 'denied');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('2 changes saved')).toBeVisible();

  const tenantCell = cell('/admin/outbox', 2);
  await expect(tenantCell).toHaveAttribute('data-state', 'denied');
  await tenantCell.click();
  await expect(tenantCell).toHaveAttribute('data-state', 'denied');
  await expect(tenantCell).not.toHaveAttribute('data-staged', 'true');
  const hint = page.getByTestId('matrix-unchanged-hint');
  await expect(hint).toContainText('already inherits “denied” from');
  await expect(hint).toContainText('Outbox (/admin/outbox) – Global');
  expect((await serverRow(request, '/admin/outbox')).e).toBe(false);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
});

test('every tenant column of the matrix can be reached and used', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD, '/admin/permissions', 'permission-admin');
  await page.getByTestId('subject-picker').selectOption(`role:${roleOid}`);
  const matrix = page.getByTestId('permission-matrix');
  const lastHeader = matrix.locator('thead th').last();
  // At 1440 px every tenant column is on screen without scrolling sideways.
  await expect(lastHeader).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/permission-matrix-1440.png' });

  // At 390 px the matrix scrolls sideways inside a box no taller than the screen, so its scrollbar is in reach,
  // and Tab brings the last cell of a row into view.
  await page.setViewportSize({ width: 390, height: 844 });
  const scroller = page.getByTestId('permission-matrix-scroll');
  await scroller.scrollIntoViewIfNeeded();
  expect((await scroller.boundingBox())!.height).toBeLessThanOrEqual(844);
  const row = matrix.locator('tr[data-path="/data"]');
  await row.locator('td').nth(1).locator('button').focus();
  const cells = await row.locator('td button').count();
  for (let i = 1; i < cells; i++) await page.keyboard.press('Tab');
  const lastCell = row.locator('td').last().locator('button');
  await expect(lastCell).toBeFocused();
  await expect(lastCell).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Space');
  await expect(lastCell).toHaveAttribute('data-staged', 'true');
  await page.screenshot({ path: 'test-results/permission-matrix-390.png' });
  // Not hidden under the sticky permission column: the mouse reaches it too (the click puts it back).
  await lastCell.click();
  await expect(lastCell).not.toHaveAttribute('data-staged', 'true');
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

test('a failed save shows the server\'s reason and keeps the change staged', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD, '/admin/permissions', 'permission-admin');
  await page.getByTestId('subject-picker').selectOption(`role:${roleOid}`);
  const matrix = page.getByTestId('permission-matrix');
  await expect(matrix).toBeVisible();
  await page.route('**/api/admin/permissions/matrix', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, message: 'database down' }) }) : route.continue(),
  );
  const cell = matrix.locator('tr[data-path="/data"] td').nth(1).locator('button');
  await cell.click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('database down')).toBeVisible();
  await expect(cell).toHaveAttribute('data-state', 'allowed');
  await expect(cell).toHaveAttribute('data-staged', 'true');
});

test('the why view says which rule decided', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD, '/admin/permissions', 'permission-admin');
  await page.getByRole('tab', { name: 'Why?' }).click();
  // The matrix tab's picker stays mounted behind the open tab: during the switch both are visible, so look in the
  // open tab's panel only.
  const subjects = page.getByRole('tabpanel', { name: 'Why?' }).getByTestId('subject-picker');
  const admin = await subjects.locator('option', { hasText: 'admin' }).first().getAttribute('value');
  await subjects.selectOption(admin!);
  await page.getByTestId('why-path').selectOption('/admin/outbox');
  await page.getByRole('button', { name: 'Explain' }).click();
  await expect(page.getByTestId('why-answer')).toHaveText('Allowed by role Administrators for Global on /.');
});

test('role permissions as a checkbox tree: checking a box stores an allow', async ({ page, request }) => {
  await signIn(page, mate.url, PASSWORD, '/admin/permissions', 'permission-admin');
  await page.getByRole('tab', { name: 'Role permissions' }).click();
  await page.getByRole('tabpanel', { name: 'Role permissions' }).getByTestId('subject-picker').selectOption(`role:${roleOid}`);
  const grid = page.getByTestId('role-permissions-grid');
  await grid.locator('tr[data-row="/data"] [data-column="global"]').click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Permissions saved')).toBeVisible();
  await expect.poll(async () => (await serverRow(request, '/data')).e).toBe(true);
});
