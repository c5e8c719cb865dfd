import { expect, test, type Locator, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// Issue 14: an administrator gives a user a role in a tenant on the user's own record (tab Roles, pairs of lookups
// named by their texts), saves, sees it again after a reload, and takes it away; once by mouse, once by keyboard.
// Demo data (docs/demo-data.md): cashier.de and cashier.at hold Cashiers in their country's subsidiary.
const PASSWORD = 'user-roles-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
const SHOTS = process.env.MATE_SCREENSHOTS;

interface Entry {
  TenantOid: number | null;
  RoleOid: number;
}

/** Opens the user's full-page editor on the Roles tab and answers the editor and the headers of the app's read. */
async function openRoles(page: Page, username: string): Promise<{ editor: Locator; headers: Record<string, string>; url: string }> {
  await page.goto(`${mate.url}/data/identity/user`);
  await page.getByTestId('quick-search').fill(username);
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toHaveAttribute('data-rows', '1');
  await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).click();
  const href = (await page.getByTestId('row-open-page').getAttribute('href'))!;
  const read = page.waitForRequest((request) => request.method() === 'GET' && new URL(request.url()).pathname === `/api/data${href.replace(/^\/data/, '')}`);
  await page.goto(`${mate.url}${href}`);
  const headers = Object.fromEntries(Object.entries(await (await read).allHeaders()).filter(([name]) => name === 'authorization' || name === 'accept-language' || name.startsWith('x-mate-')));
  const editor = page.getByTestId('record-page').getByTestId('record-editor');
  await editor.getByRole('tab', { name: 'Roles' }).click();
  return { editor, headers, url: `${mate.url}/api/data${href.replace(/^\/data/, '')}` };
}

/** The roles as the server keeps them, read with the app's headers. */
async function storedRoles(page: Page, url: string, headers: Record<string, string>): Promise<Entry[]> {
  const response = await page.request.get(url, { headers });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { Roles: Entry[] }).Roles;
}

/** Resolves with the answer of the editor's save of the user (the app adds the tenantOid query to the record's address). */
const saved = (page: Page, url: string) =>
  page.waitForResponse((response) => ['PUT', 'PATCH'].includes(response.request().method()) && new URL(response.url()).pathname === new URL(url).pathname);

/** Presses Tab (or Shift+Tab) until the focus is inside `target`; fails after 80 presses. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((node) => node.contains(document.activeElement))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * With the focus in the lookup `entry`: types `search`, moves through the list with the arrow keys until the active
 * option is `option`, and takes it with Enter.
 */
async function chooseByKeyboard(page: Page, entry: Locator, kind: string, search: string, option: RegExp): Promise<void> {
  const combobox = entry.getByRole('combobox');
  await expect(combobox).toBeFocused();
  // The list shows the matches once the search for the whole text has answered; the arrows move in that list.
  const answered = page.waitForResponse((response) => {
    const address = new URL(response.url());
    return address.pathname === `/api/data/${kind}` && address.searchParams.get('q') === search;
  });
  await page.keyboard.type(search);
  await answered;
  const wanted = entry.getByRole('option', { name: option });
  await expect(wanted).toBeVisible();
  for (let i = 0; i < 10 && (await combobox.getAttribute('aria-activedescendant')) !== (await wanted.getAttribute('id')); i++) await page.keyboard.press('ArrowDown');
  await expect(combobox).toHaveAttribute('aria-activedescendant', (await wanted.getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(entry.getByRole('option')).toHaveCount(0); // the list closed on the choice
  await expect(combobox).toHaveValue(option);
}

/** The Remove button of the list entry that holds `entry` (its toolbar sits beside it). */
const removeButton = (entry: Locator) => entry.locator('xpath=ancestor::*[.//button[@aria-label="Remove"]][1]').getByRole('button', { name: 'Remove' });

test('by mouse: add Store managers in Mate Deutschland, save, reload and see it, then remove it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, mate.url, PASSWORD);
  const { editor, headers, url } = await openRoles(page, 'cashier.de');
  const field = (name: string) => editor.locator(`[data-field="${name}"]`);
  const before = await storedRoles(page, url, headers);
  expect(before).toHaveLength(1);
  await expect(field('Roles.0.RoleOid').getByRole('combobox')).toHaveValue(/^Cashiers/);
  await expect(field('Roles.0.TenantOid').getByRole('combobox')).toHaveValue(/^Mate Deutschland/);

  await editor.locator('[data-array="Roles"]').getByRole('button', { name: 'Add' }).click();
  await field('Roles.1.TenantOid').getByRole('combobox').click();
  await field('Roles.1.TenantOid').getByRole('combobox').fill('Deutschland');
  await field('Roles.1.TenantOid').getByRole('option', { name: /Mate Deutschland/ }).click();
  await field('Roles.1.RoleOid').getByRole('combobox').click();
  await field('Roles.1.RoleOid').getByRole('combobox').fill('Store');
  await field('Roles.1.RoleOid').getByRole('option', { name: /Store managers/ }).click();
  await expect(field('Roles.1.RoleOid').getByRole('combobox')).toHaveValue(/^Store managers/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-roles-added.png`, fullPage: true });
  const answer = saved(page, url);
  await editor.getByTestId('editor-save').click();
  expect((await answer).status()).toBe(200);
  const after = await storedRoles(page, url, headers);
  expect(after).toHaveLength(2);
  expect(after.every((entry) => entry.TenantOid === before[0]!.TenantOid)).toBe(true);

  await page.reload();
  await editor.getByRole('tab', { name: 'Roles' }).click();
  const storeManagers = editor.locator('[data-array="Roles"] [data-field$=".RoleOid"]').filter({ has: page.locator('input[value^="Store managers"]') });
  await expect(storeManagers).toHaveCount(1);
  const index = (await storeManagers.getAttribute('data-field'))!.split('.')[1];
  await expect(field(`Roles.${index}.TenantOid`).getByRole('combobox')).toHaveValue(/^Mate Deutschland/);

  await removeButton(field(`Roles.${index}`)).click();
  await expect(editor.locator('[data-array="Roles"] [data-field$=".RoleOid"]')).toHaveCount(1);
  const removed = saved(page, url);
  await editor.getByTestId('editor-save').click();
  expect((await removed).status()).toBe(200);
  expect(await storedRoles(page, url, headers)).toEqual(before);
  await page.reload();
  await editor.getByRole('tab', { name: 'Roles' }).click();
  await expect(field('Roles.0.RoleOid').getByRole('combobox')).toHaveValue(/^Cashiers/);
  await expect(field('Roles.1')).toHaveCount(0);
});

test('by keyboard: Tab to Add, pick tenant and role with the arrows and Enter, save, reload and see it, then remove it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, mate.url, PASSWORD);
  const { editor, headers, url } = await openRoles(page, 'cashier.at');
  const field = (name: string) => editor.locator(`[data-field="${name}"]`);
  const before = await storedRoles(page, url, headers);
  expect(before).toHaveLength(1);
  await expect(field('Roles.0.TenantOid').getByRole('combobox')).toHaveValue(/^Mate Österreich/);

  // The Roles tab has the focus after its click: Tab on through the first entry to Add.
  await tabTo(page, editor.locator('[data-array="Roles"]').getByRole('button', { name: 'Add' }));
  await page.keyboard.press('Enter');
  await tabTo(page, field('Roles.1.TenantOid'), 'Shift+Tab');
  await chooseByKeyboard(page, field('Roles.1.TenantOid'), 'tenancy/tenant', 'Österreich', /Mate Österreich/);
  await tabTo(page, field('Roles.1.RoleOid'));
  await chooseByKeyboard(page, field('Roles.1.RoleOid'), 'identity/role', 'Store', /Store managers/);
  const answer = saved(page, url);
  await tabTo(page, editor.getByTestId('editor-save'));
  await page.keyboard.press('Enter');
  expect((await answer).status()).toBe(200);
  const after = await storedRoles(page, url, headers);
  expect(after).toHaveLength(2);
  expect(after.every((entry) => entry.TenantOid === before[0]!.TenantOid)).toBe(true);

  await page.reload();
  await editor.getByRole('tab', { name: 'Roles' }).click();
  const storeManagers = editor.locator('[data-array="Roles"] [data-field$=".RoleOid"]').filter({ has: page.locator('input[value^="Store managers"]') });
  await expect(storeManagers).toHaveCount(1);
  const index = (await storeManagers.getAttribute('data-field'))!.split('.')[1];
  await tabTo(page, removeButton(field(`Roles.${index}`)));
  await page.keyboard.press('Enter');
  await expect(editor.locator('[data-array="Roles"] [data-field$=".RoleOid"]')).toHaveCount(1);
  const removed = saved(page, url);
  await tabTo(page, editor.getByTestId('editor-save'));
  await page.keyboard.press('Enter');
  expect((await removed).status()).toBe(200);
  expect(await storedRoles(page, url, headers)).toEqual(before);
  await page.reload();
  await editor.getByRole('tab', { name: 'Roles' }).click();
  await expect(field('Roles.0.RoleOid').getByRole('combobox')).toHaveValue(/^Cashiers/);
  await expect(field('Roles.1')).toHaveCount(0);
});

test('a refused role shows the server’s reason on the Roles field, and nothing is stored', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, mate.url, PASSWORD);
  const { editor, headers, url } = await openRoles(page, 'cashier.de');
  const field = (name: string) => editor.locator(`[data-field="${name}"]`);
  const before = await storedRoles(page, url, headers);
  // cashier.de belongs to Mate Deutschland only: a role in Mate Österreich would never apply, so the server refuses it.
  await editor.locator('[data-array="Roles"]').getByRole('button', { name: 'Add' }).click();
  await field('Roles.1.TenantOid').getByRole('combobox').click();
  await field('Roles.1.TenantOid').getByRole('combobox').fill('Österreich');
  await field('Roles.1.TenantOid').getByRole('option', { name: /Mate Österreich/ }).click();
  await field('Roles.1.RoleOid').getByRole('combobox').click();
  await field('Roles.1.RoleOid').getByRole('combobox').fill('Store');
  await field('Roles.1.RoleOid').getByRole('option', { name: /Store managers/ }).click();
  const answer = saved(page, url);
  await editor.getByTestId('editor-save').click();
  expect((await answer).status()).toBe(400);
  await expect(field('Roles')).toContainText(/The user does not belong to tenant 'Mate Österreich' \(\d+\), so role 'Store managers' \(\d+\) cannot be given there/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-roles-refused.png`, fullPage: true });
  expect(await storedRoles(page, url, headers)).toEqual(before);
});

test('the open row of the Users grid edits the roles as the record page does', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD, `/data/identity/user`);
  await page.getByTestId('quick-search').fill('cashier.de');
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toHaveAttribute('data-rows', '1');
  await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).click();
  const details = page.getByTestId('row-details');
  await expect(details).toHaveAttribute('data-phase', 'ready');
  // The read-only summary shows the roles too, as a table with the role's and the tenant's names.
  const summaryRole = details.getByTestId('details-summary').locator('[data-field="Roles"] tbody tr').first();
  await expect(summaryRole.locator('[data-property="RoleOid"]')).toHaveText(/^Cashiers/);
  await expect(summaryRole.locator('[data-property="TenantOid"]')).toContainText('Mate Deutschland');
  if (SHOTS) await details.screenshot({ path: `${SHOTS}/user-details-summary.png` });
  await details.getByRole('button', { name: 'Edit' }).click();
  await details.getByRole('tab', { name: 'Roles' }).click();
  await expect(details.locator('[data-field="Roles.0.RoleOid"]').getByRole('combobox')).toHaveValue(/^Cashiers/);
  await expect(details.locator('[data-field="Roles.0.TenantOid"]').getByRole('combobox')).toHaveValue(/^Mate Deutschland/);
});
