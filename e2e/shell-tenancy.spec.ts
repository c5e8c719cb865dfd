import { expect, test, type Locator, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { settled } from './support/settled';

// Demo data (docs/demo-data.md): 'admin' works in all 9 tenants, 'regional.group' in the 8 country subsidiaries,
// 'regional.dach' in 3 (DE, AT, CH). Spec 1 §5/§6/§9: 3 most recent, a separate group above 7, search above 8.
const ADMIN_PASSWORD = 'tenancy-e2e-password';
const DEMO_PASSWORD = 'demo-pass-1';

const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: ADMIN_PASSWORD });

/** The scope header value the server reads (server/identity/scope-headers.ts): oid * 7919 + 104729. */
const scopeValue = (oid: number) => String(BigInt(oid) * 7919n + 104729n);

/** Signs in and answers the user's tenants by name, as the scope tree the app loads names them. */
async function signInAs(page: Page, username: string, password: string): Promise<Map<string, number>> {
  const scope = page.waitForResponse((response) => response.url().endsWith('/api/settings/scope') && response.ok());
  await signIn(page, mate.url, password, '/', 'title-bar', username);
  const body = (await (await scope).json()) as { items: Array<{ type: string; oid: number; text: string }> };
  return new Map(body.items.filter((item) => item.type === 'TENANT').map((item) => [item.text, item.oid]));
}

async function openSelector(page: Page): Promise<Locator> {
  await page.getByTestId('organisation-selector').click();
  const list = page.getByTestId('organisation-list');
  await expect(list).toBeVisible();
  // As a person does, the choice is made once the list has opened: a click during its opening animation was lost on CI.
  await settled(page);
  return list;
}

/** Chooses a tenant by name and answers the scope header of the next /api/ui/permissions call it causes. */
async function choose(page: Page, name: string): Promise<string | undefined> {
  const list = await openSelector(page);
  const next = page.waitForRequest((request) => request.url().includes('/api/ui/permissions'));
  await list.getByTestId('organisation-option').filter({ hasText: name }).first().click();
  await expect(list).toBeHidden();
  await expect(page.getByTestId('organisation-selector')).toHaveAccessibleName(`Organisation: ${name}`);
  return (await next).headers()['x-mate-tenant'];
}

/** Every option shows a shipped country flag (an inline SVG from country-flag-icons, not the fallback globe icon). */
async function expectFlags(list: Locator, count: number): Promise<void> {
  const options = list.getByTestId('organisation-option');
  await expect(options).toHaveCount(count);
  for (const option of await options.all()) await expect(option.locator('svg:not(.lucide)')).toHaveCount(1);
}

test('3 tenants: one list with flags, no recent group and no search', async ({ page }) => {
  const tenants = await signInAs(page, 'regional.dach', DEMO_PASSWORD);
  expect(tenants.size).toBe(3);
  await expect(page.getByTestId('organisation-selector')).toBeVisible();
  // The primary tenant (the first membership, Germany) is current.
  await expect(page.getByTestId('organisation-selector')).toHaveAccessibleName('Organisation: Mate Deutschland');
  let list = await openSelector(page);
  await expectFlags(list, 3);
  await expect(list.getByRole('textbox')).toHaveCount(0);
  await expect(list.getByRole('group', { name: 'Recently used' })).toHaveCount(0);
  await expect(list.getByTestId('organisation-option').and(page.locator('[aria-current]')).getByTestId('organisation-name')).toHaveText('Mate Deutschland');
  await page.keyboard.press('Escape');

  const other = [...tenants.keys()].find((name) => name !== 'Mate Deutschland')!;
  expect(await choose(page, other)).toBe(scopeValue(tenants.get(other)!));
  list = await openSelector(page);
  // Up to 7 tenants the chosen ones are not grouped separately.
  await expect(list.getByRole('group', { name: 'Recently used' })).toHaveCount(0);
  await expect(list.getByTestId('organisation-option')).toHaveCount(3);
  await expect(list.locator('[aria-current]').getByTestId('organisation-name')).toHaveText(other);
});

test('8 tenants: the recently used ones get their own group, still no search', async ({ page }) => {
  const tenants = await signInAs(page, 'regional.group', DEMO_PASSWORD);
  expect(tenants.size).toBe(8);
  let list = await openSelector(page);
  await expectFlags(list, 8);
  await expect(list.getByRole('textbox')).toHaveCount(0);
  // Nothing chosen yet: no recent group.
  await expect(list.getByRole('group', { name: 'Recently used' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const names = [...tenants.keys()].filter((name) => name !== 'Mate Deutschland').slice(0, 4);
  for (const name of names) expect(await choose(page, name)).toBe(scopeValue(tenants.get(name)!));
  list = await openSelector(page);
  const recent = list.getByRole('group', { name: 'Recently used' });
  // The 3 most recent, newest first; the others in the second group.
  await expect(recent.getByTestId('organisation-name')).toHaveText([names[3]!, names[2]!, names[1]!]);
  // The tree below keeps every tenant, the recent ones too.
  await expect(list.getByRole('group', { name: 'All organisations' }).getByTestId('organisation-option')).toHaveCount(8);
  await expectFlags(list, 11);
  await expect(list.getByRole('textbox')).toHaveCount(0);
});

test('9 tenants: search, recent group, and the chosen tenant scopes later calls and is kept', async ({ page }) => {
  const tenants = await signInAs(page, 'admin', ADMIN_PASSWORD);
  expect(tenants.size).toBe(9);
  // The root is the admin's primary tenant, so it is current.
  await expect(page.getByTestId('organisation-selector')).toHaveAccessibleName('Organisation: Mate Retail Group');
  let list = await openSelector(page);
  await expectFlags(list, 9);
  const search = list.getByRole('textbox', { name: 'Search organisations' });
  await expect(search).toBeVisible();
  // A tree: the root first, the country subsidiaries one level below it.
  await expect(list.getByTestId('organisation-option').first()).toHaveAttribute('data-depth', '0');
  await expect(list.getByTestId('organisation-name').first()).toHaveText('Mate Retail Group');
  await expect(list.locator('[data-depth="1"]')).toHaveCount(8);
  // Nine do not fit: a cue says that the list goes on, until its end is shown.
  await expect(list.getByTestId('organisation-more')).toBeVisible();
  await list.getByTestId('organisation-scroll').evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await expect(list.getByTestId('organisation-more')).toBeHidden();
  // A match shows under its ancestors; the code is searched too.
  await search.fill('schweiz');
  await expect(list.getByTestId('organisation-name')).toHaveText(['Mate Retail Group', 'Mate Schweiz']);
  await search.fill('mate-fr');
  await expect(list.getByTestId('organisation-name')).toHaveText(['Mate Retail Group', 'Mate France']);
  await search.fill('no such organisation');
  await expect(list.getByTestId('organisation-option')).toHaveCount(0);
  await expect(list.getByText('No organisation matches the search.')).toBeVisible();
  await page.keyboard.press('Escape');

  // By keyboard: type in the search, Down enters the list and moves, Up goes back, Enter chooses.
  list = await openSelector(page);
  await expect(list.getByRole('textbox', { name: 'Search organisations' })).toBeFocused();
  await page.keyboard.type('schweiz');
  await expect(list.getByTestId('organisation-name')).toHaveText(['Mate Retail Group', 'Mate Schweiz']);
  await page.keyboard.press('ArrowDown');
  await expect(list.getByTestId('organisation-option').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByTestId('organisation-option').nth(1)).toBeFocused();
  const keyed = page.waitForRequest((request) => request.url().includes('/api/ui/permissions'));
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(page.getByTestId('organisation-selector')).toHaveAccessibleName('Organisation: Mate Schweiz');
  expect((await keyed).headers()['x-mate-tenant']).toBe(scopeValue(tenants.get('Mate Schweiz')!));
  expect(await choose(page, 'Mate France')).toBe(scopeValue(tenants.get('Mate France')!));
  list = await openSelector(page);
  await expect(list.getByRole('group', { name: 'Recently used' }).getByTestId('organisation-name')).toHaveText(['Mate France', 'Mate Schweiz']);
  // The search also narrows the recent group.
  await list.getByRole('textbox', { name: 'Search organisations' }).fill('france');
  await expect(list.getByRole('group', { name: 'Recently used' }).getByTestId('organisation-name')).toHaveText(['Mate France']);
  await expect(list.getByRole('group', { name: 'All organisations' }).getByTestId('organisation-name')).toHaveText(['Mate Retail Group', 'Mate France']);
  await page.keyboard.press('Escape');

  // Kept per user: after a reload the calls still carry the chosen tenant.
  const afterReload = page.waitForRequest((request) => request.url().includes('/api/ui/permissions'));
  await page.reload();
  expect((await afterReload).headers()['x-mate-tenant']).toBe(scopeValue(tenants.get('Mate France')!));
  await expect(page.getByTestId('organisation-selector')).toHaveAccessibleName('Organisation: Mate France');
});
