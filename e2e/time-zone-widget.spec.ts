import { expect, test, type Locator, type Page } from './support/test';
import { LOOK_CORNERS } from './support/looks';
import { serveMateForSpec } from './support/spec-server';

// A location's time zone (usage TimeZone): a select of the IANA zones, grouped by region with their offsets, picked
// with the keyboard only by typing the place's first letters, stored as the zone's name (documents then count on
// that zone's days: docs/documents.md "Business day"). In both corner looks: light English at 1440 px, dark Arabic
// (right to left) at 390 px.
const PASSWORD = 'time-zone-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
const KIND = 'tenancy/location';

async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((node) => node.contains(document.activeElement))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

for (const look of LOOK_CORNERS) {
  test(`a location's time zone is picked by typing in the zone select and stored: ${look.theme}, ${look.locale}, ${look.width} px`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.emulateMedia({ colorScheme: look.theme });
    await page.addInitScript((chosen) => localStorage.setItem('mate.locale', chosen), look.locale);
    await page.goto(`${mate.url}/data/${KIND}`);
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
    const listCall = page.waitForRequest((request) => request.method() === 'GET' && new URL(request.url()).pathname === `/api/data/${KIND}`);
    await page.getByTestId('grid-search').click();
    const headers = Object.fromEntries(Object.entries(await (await listCall).allHeaders()).filter(([name]) => name === 'authorization' || name.startsWith('x-mate-')));
    await page.getByTestId('cmd-new').click();
    const editor = page.getByTestId('new-record').getByTestId('record-editor');
    const field = (name: string) => editor.locator(`[data-field="${name}"]`);
    const id = `TZ${Date.now().toString(36).toUpperCase().slice(-6)}${look.locale.toUpperCase()}`;
    await tabTo(page, field('Id'));
    await page.keyboard.type(id);
    await tabTo(page, field('Name'));
    await page.keyboard.type('Tokyo Ginza');
    // To the tabs, and with the arrow keys (the reading direction's "next") to the address and contact tab.
    await tabTo(page, editor.getByRole('tablist'), 'Shift+Tab');
    const contact = editor.getByRole('tab').nth(1);
    for (let i = 0; i < 6 && !(await contact.evaluate((node) => node === document.activeElement)); i++) await page.keyboard.press(look.locale === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await expect(contact).toHaveAttribute('aria-selected', 'true');
    await tabTo(page, field('TimeZone'));
    const select = field('TimeZone').locator('select');
    await expect(select).toHaveValue('');
    // The zones are grouped by region, each labelled with its place and current offset.
    await expect(select.locator('optgroup[label="Asia"] option[value="Asia/Tokyo"]')).toHaveText(/^Tokyo \(.*\+0?9.*\)$/);
    await page.keyboard.type('Tokyo');
    await expect(select).toHaveValue('Asia/Tokyo');
    await field('TimeZone').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`time-zone-${look.theme}-${look.locale}-${look.width}.png`) });
    await tabTo(page, editor.getByTestId('editor-save'));
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/data/${KIND}`);
    await page.keyboard.press('Enter');
    const response = await created;
    expect(response.status(), await response.text()).toBe(201);
    const oid = ((await response.json()) as Record<string, unknown>).Oid;
    const read = await page.request.get(`${mate.url}/api/data/${KIND}/${String(oid)}`, { headers });
    expect(((await read.json()) as Record<string, unknown>).TimeZone).toBe('Asia/Tokyo');
    // The server checks the zone whoever calls: a made-up one is a 400 naming the field.
    const wrong = await page.request.post(`${mate.url}/api/data/${KIND}`, { headers: { ...headers, 'content-type': 'application/json' }, data: { Id: `${id}X`, Name: 'Nowhere', TimeZone: 'Mars/Olympus' } });
    expect(wrong.status()).toBe(400);
    expect(await wrong.text()).toContain('TimeZone');
  });
}
