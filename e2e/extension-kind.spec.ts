import { LOOK_CORNERS } from './support/looks';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// docs/metadata.md's worked example, word for word: the gift-card document alone, in MATE_METADATA_DIR (it exists
// only in fixtures/metadata-example), and nothing else touched. Fresh storage (e2e/README.md).
const PASSWORD = 'extension-kind-e2e-password';
// With the demo data: a tenant-scoped kind's grid needs a tenant to work in.
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_METADATA_DIR: 'fixtures/metadata-example' });
const GRID = '/data/pos-supply/gift-card';

async function token(page: Page): Promise<string> {
  const response = await page.request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
  return ((await response.json()) as { access_token: string }).access_token;
}

test('the kind gets its menu entry, grid, editor, API, OpenAPI and permission-matrix row from its document', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  // Step 7: "Gift cards" last in Master data › Supply, reached by mouse, opened by keyboard.
  await page.getByTestId('mega-menu-/data').click();
  const link = page.getByTestId('mega-menu-panel').first().getByRole('link', { name: 'Gift cards' });
  await expect(link).toBeVisible();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${mate.url}${GRID}`);
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });

  // Step 3: the holder's name shows once the card is personalized, and is then required.
  await page.getByTestId('cmd-new').click();
  const editor = page.getByTestId('new-record').getByTestId('record-editor');
  await editor.locator('[data-field="CardNumber"] input').fill('GC-1001');
  await editor.locator('[data-field="InitialValue"] input').fill('50');
  await expect(editor.locator('[data-field="HolderName"]')).toHaveCount(0);
  await editor.locator('[data-field="IsPersonalized"]').getByText('Personalized').click();
  await expect(editor.locator('[data-field="HolderName"] input')).toBeVisible();
  await editor.locator('[data-field="HolderName"] input').fill('Ada Lovelace');
  await editor.getByTestId('editor-save').click();
  await expect(page.getByText('Saved.').first()).toBeVisible();

  // Step 8: the data service and its OpenAPI part.
  const bearer = { authorization: `Bearer ${await token(page)}` };
  const list = await page.request.get(`${mate.url}/api/data/pos-supply/gift-card`, { headers: bearer });
  expect(list.status()).toBe(200);
  expect(JSON.stringify(await list.json())).toContain('GC-1001');
  const openapi = await page.request.get(`${mate.url}/api/openapi.json`, { headers: bearer });
  expect(openapi.status()).toBe(200);
  expect(Object.keys(((await openapi.json()) as { paths: object }).paths)).toContain('/api/data/pos-supply/gift-card');

  // The permission matrix offers the kind's path, titled by the document.
  const subjects = (await (await page.request.get(`${mate.url}/api/admin/permissions/subjects`, { headers: bearer })).json()) as { roles: { oid: number }[] };
  const matrix = await page.request.get(`${mate.url}/api/admin/permissions/matrix?subject=role:${subjects.roles[0]!.oid}&action=Read`, { headers: bearer });
  expect(matrix.status(), await matrix.text()).toBe(200);
  const body = JSON.stringify(await matrix.json());
  expect(body).toContain(`"${GRID}"`);
  expect(body).toContain('Gift cards');
});

for (const { theme, locale, width, height } of LOOK_CORNERS) {
  test(`the kind's page reads right in ${theme} ${locale} at ${width} px`, { tag: '@looks' }, async ({ page }, info) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height });
    // Signed in through the English form, then the language chosen (the form's labels follow the language).
    await signIn(page, mate.url, PASSWORD, GRID, 'data-grid-page');
    await page.evaluate((chosen) => localStorage.setItem('mate.locale', chosen), locale);
    await page.reload();
    await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: locale === 'ar' ? 'بطاقات الهدايا' : 'Gift cards' }).first()).toBeVisible();
    await page.screenshot({ path: info.outputPath(`gift-cards-${theme}-${locale}-${width}.png`) });
  });
}
