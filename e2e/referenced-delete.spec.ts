import { expect, test, type APIRequestContext, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// Referential integrity as a user meets it: a record others still point at is not deleted, and the grid says which
// records hold it; a lookup offers no disabled record, while a record already pointing at one keeps and shows it.
const PASSWORD = 'referenced-delete-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
const UNITS = '/data/pos-supply/quantity-unit';
const PACKS = '/data/pos-supply/packing-unit';

/** The data API as another client uses it, signed in as the administrator. */
async function api(request: APIRequestContext) {
  const login = await request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  return {
    async create(path: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
      const response = await request.post(`${mate.url}/api${path}`, { headers, data });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as Record<string, unknown>;
    },
    async disable(path: string, record: Record<string, unknown>) {
      const response = await request.patch(`${mate.url}/api${path}/${String(record.Oid)}`, { headers: { ...headers, 'if-match': String(record.ETag) }, data: { Disabled: true } });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}

async function openGrid(page: Page, path: string, search: string): Promise<void> {
  await page.goto(`${mate.url}${path}`);
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('quick-search').fill(search);
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toBeVisible();
}

/** Opens a row's details by a double click; again while a late refresh of the page re-renders the row under it. */
async function openRow(page: Page, text: string): Promise<void> {
  const details = page.getByTestId('row-details');
  await expect(async () => {
    if (!(await details.isVisible())) await page.locator('.rdg-row', { hasText: text }).locator('.rdg-cell').nth(2).dblclick();
    await expect(details).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test('a referenced record is not deleted and the grid names what refers to it; a lookup offers no disabled record', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).slice(-6).toUpperCase();
  const client = await api(request);
  const used = await client.create(`${UNITS}`, { Code: `RU${stamp}`, Name: `Refunit ${stamp} used` });
  const off = await client.create(`${UNITS}`, { Code: `RX${stamp}`, Name: `Refunit ${stamp} off` });
  await client.disable(UNITS, off);
  const pack = await client.create(PACKS, { Code: `RP${stamp}`, Name: `Refpack ${stamp}`, QuantityUnitOid: used.Oid, ContentQuantity: 6 });
  await signIn(page, mate.url, PASSWORD);

  // The delete is refused, and the toast says by what: the packing units, how many and which.
  await openGrid(page, UNITS, `Refunit ${stamp} used`);
  await openRow(page, `Refunit ${stamp} used`);
  await page.getByTestId('row-delete').click();
  await page.getByTestId('delete-confirm').click();
  await expect(page.getByText(`It cannot be deleted while other records refer to it: Packing units: 1 (${String(pack.Oid)}). Change or delete those first.`)).toBeVisible();
  await page.keyboard.press('Escape');
  await openGrid(page, UNITS, `Refunit ${stamp} used`);
  await expect(page.locator('.rdg-row', { hasText: `Refunit ${stamp} used` })).toHaveCount(1);

  // A new packing unit's lookup finds the active unit, not the disabled one.
  await openGrid(page, PACKS, `Refpack ${stamp}`);
  await page.getByTestId('cmd-new').click();
  const created = page.getByTestId('new-record').getByTestId('record-editor');
  const unit = created.locator('[data-field="QuantityUnitOid"]');
  await unit.getByRole('combobox').fill(`Refunit ${stamp}`);
  await expect(unit.getByRole('option', { name: `Refunit ${stamp} used` })).toBeVisible();
  await expect(unit.getByRole('option')).toHaveCount(1);
});

test('a record pointing at a unit disabled since shows its text marked as disabled and saves', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).slice(-6).toUpperCase();
  const client = await api(request);
  const unit = await client.create(UNITS, { Code: `RD${stamp}`, Name: `Refunit ${stamp} retired` });
  await client.create(PACKS, { Code: `RK${stamp}`, Name: `Refpack ${stamp} kept`, QuantityUnitOid: unit.Oid, ContentQuantity: 12 });
  await client.disable(UNITS, unit);
  await signIn(page, mate.url, PASSWORD);

  await openGrid(page, PACKS, `Refpack ${stamp} kept`);
  await openRow(page, `Refpack ${stamp} kept`);
  const editor = page.getByTestId('row-details').getByTestId('record-editor');
  const lookup = editor.locator('[data-field="QuantityUnitOid"]');
  await expect(lookup.getByRole('combobox')).toHaveValue(new RegExp(`Refunit ${stamp} retired`));
  await expect(lookup.getByTestId('lookup-disabled-mark')).toHaveText('Disabled');
  await editor.locator('[data-field="ContentQuantity"] input').fill('24');
  await editor.getByTestId('editor-save').click();
  await expect(page.getByText('Saved.').first()).toBeVisible();
});
