import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { expectAccessible } from './support/axe';
import { startMate } from './support/mate-server';
import { signIn } from './support/sign-in';
import { openInApp } from './support/open-in-app';
import { serveMateForSpec, storageFor } from './support/spec-server';

// The hub makes the product live: what one session saves shows in another's grid without a reload, and a
// restarted server is found again by itself.
const PASSWORD = 'live-hub-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
const REASONS = '/data/pos-operating/reservation-reject-reason';

async function openGrid(page: Page, baseUrl: string): Promise<void> {
  await openInApp(page, baseUrl, REASONS);
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toBeVisible();
}

test('an edit, a new record and a delete in one browser show in the other one’s grid and editor without a reload', async ({ browser }) => {
  // Two browsers sign in and open a grid each: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const a = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  const b = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(a, mate.url, PASSWORD);
  await signIn(b, mate.url, PASSWORD);
  await openGrid(a, mate.url);
  await openGrid(b, mate.url);

  const code = `L${Date.now().toString(36).toUpperCase()}`;
  await a.getByTestId('cmd-new').click();
  const created = a.getByTestId('new-record').getByTestId('record-editor');
  await created.locator('[data-field="Code"] input').fill(code);
  await created.locator('[data-field="Text"] input').fill('Before');
  const message = created.locator('[data-field="CustomerMessage"] textarea');
  if (await message.count()) await message.fill('Sorry.');
  await created.getByTestId('editor-save').click();
  await expect(a.getByText('Saved.').first()).toBeVisible();
  // A's own new record is no news to A.
  await expect(a.getByTestId('grid-live-changes')).toHaveCount(0);

  // B is told a record came, without it jumping into the rows it is reading; B asks to see it, and stays where it was.
  await expect(b.getByTestId('grid-live-changes')).toHaveText('1 new');
  const scroller = b.locator('.rdg');
  await scroller.evaluate((element) => element.scrollTo({ top: 70 }));
  const scrolled = await scroller.evaluate((element) => element.scrollTop);
  await b.getByTestId('grid-show-new').click();
  const rowOfB = b.locator('.rdg-row', { hasText: code });
  await expect(rowOfB.getByRole('img', { name: 'New, created elsewhere' })).toBeAttached();
  await expect(rowOfB).toContainText('Before');
  expect(await scroller.evaluate((element) => element.scrollTop)).toBe(scrolled);
  await expect(b.getByTestId('grid-live-changes')).toHaveCount(0);
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));

  // B has the record open in its editor, unedited; A saves first: B's editor simply shows A's version.
  await rowOfB.locator('.rdg-cell').nth(1).dblclick();
  const editorOfB = b.getByTestId('record-editor');
  await expect(editorOfB.locator('[data-field="Text"] input')).toHaveValue('Before');
  await a.locator('.rdg-row', { hasText: code }).locator('.rdg-cell').nth(1).dblclick();
  const editor = a.getByTestId('row-details').getByTestId('record-editor');
  await editor.locator('[data-field="Text"] input').fill('After');
  await editor.getByTestId('editor-save').click();
  await expect(a.getByText('Saved.').first()).toBeVisible();

  await expect(rowOfB).toContainText('After');
  await expect(b.getByTestId('grid-live-changes')).toHaveText('1 changed');
  await expect(editorOfB.locator('[data-field="Text"] input')).toHaveValue('After');
  await expect(b.getByTestId('changed-elsewhere')).toHaveCount(0);

  // Now B edits, and A saves again: B's editor says so before B saves over it; B keeps editing.
  await editorOfB.locator('[data-field="Text"] input').fill('Mine');
  await editor.locator('[data-field="Text"] input').fill('Theirs');
  await editor.getByTestId('editor-save').click();
  await expect(b.getByTestId('changed-elsewhere')).toContainText('changed elsewhere');
  await b.screenshot({ path: 'test-results/live-hub-grid-1440.png' });
  await b.getByTestId('changed-elsewhere-keep').click();
  await expect(b.getByTestId('changed-elsewhere')).toHaveCount(0);
  await expect(editorOfB.locator('[data-field="Text"] input')).toHaveValue('Mine');

  // A deletes the record: B's row stays, marked as deleted, and B's editor says the record is gone.
  await a.getByTestId('row-delete').click();
  await a.getByTestId('delete-confirm').click();
  await expect(a.getByText('Deleted.').first()).toBeVisible();
  await expect(rowOfB.getByRole('img', { name: 'Deleted elsewhere' })).toBeAttached();
  await expect(b.getByTestId('changed-elsewhere')).toContainText('deleted elsewhere');
  await expect(b.getByTestId('grid-live-changes')).toHaveText('1 deleted');
  // A's own delete is no news to A: its row is simply gone.
  await expect(a.locator('.rdg-row', { hasText: code })).toHaveCount(0);
  await expect(a.getByTestId('grid-live-changes')).toHaveCount(0);
});

/** Another session's writes, through the API as any client makes them: the hub tells every browser alike. */
async function otherSession(request: APIRequestContext) {
  const login = await request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const url = (oid?: number) => `${mate.url}/api${REASONS}${oid === undefined ? '' : `/${oid}`}`;
  const etag = async (oid: number) => (await request.get(url(oid), { headers })).headers().etag!;
  return {
    async create(Code: string, Text: string): Promise<number> {
      const response = await request.post(url(), { headers, data: { Code, Text, NotifyCustomer: false, CustomerMessage: 'Sorry.' } });
      expect(response.status(), await response.text()).toBe(201);
      return Number(((await response.json()) as { Oid: number }).Oid);
    },
    async update(oid: number, Text: string) {
      const current = (await (await request.get(url(oid), { headers })).json()) as Record<string, unknown>;
      const { ETag: _tag, Oid: _oid, TenantOid: _tenant, ...fields } = current;
      const response = await request.put(url(oid), { headers: { ...headers, 'if-match': await etag(oid) }, data: { ...fields, Text } });
      expect(response.status(), await response.text()).toBe(200);
    },
    async remove(oid: number) {
      const response = await request.delete(url(oid), { headers: { ...headers, 'if-match': await etag(oid) } });
      expect(response.status(), await response.text()).toBeLessThan(300);
    },
  };
}

async function expectAccessibleAtRest(page: Page, where: string): Promise<void> {
  // Away from the button last clicked: the scan measures the colours at rest, not under the pointer.
  await page.mouse.move(0, 0);
  await expectAccessible(page, where);
}

const LOOKS = [
  { locale: 'en', theme: 'light', viewport: { width: 1440, height: 900 }, changed: 'Changed elsewhere', deleted: 'Deleted elsewhere', fresh: 'New, created elsewhere', summary: ['1 changed', '1 deleted', '1 new'] },
  { locale: 'ar', theme: 'dark', viewport: { width: 390, height: 844 }, changed: 'عُدّل في مكان آخر', deleted: 'حُذف في مكان آخر', fresh: 'جديد، أُنشئ في مكان آخر', summary: ['تغيّر سجل واحد', 'حُذف سجل واحد', 'سجل جديد واحد'] },
] as const;

for (const look of LOOKS) {
  test(`marks, count and editor notice of changes made elsewhere: ${look.locale}, ${look.theme}, ${look.viewport.width} px`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const other = await otherSession(request);
    const prefix = `M${look.locale}${Date.now().toString(36)}`.toUpperCase().slice(0, 12);
    const kept = await other.create(`${prefix}1`, 'Kept');
    const gone = await other.create(`${prefix}2`, 'Gone');
    // Enough rows that the grid scrolls: showing the new record must not move the rows being read.
    for (let n = 10; n < 40; n++) await other.create(`${prefix}F${n}`, 'Filler');

    const context = await browser.newContext({ viewport: look.viewport, colorScheme: look.theme });
    const page = await context.newPage();
    // The language chosen before the app starts (a returning user's stored choice), and the grid opened by address.
    await page.addInitScript((locale) => localStorage.setItem('mate.locale', locale), look.locale);
    await signIn(page, mate.url, PASSWORD, REASONS, 'data-grid-page');
    await expect(page.locator('html')).toHaveAttribute('lang', look.locale);
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${look.theme}\\b`));
    await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
    await page.getByTestId('quick-search').fill(prefix);
    await page.getByTestId('grid-search').click();
    const row = (code: string) => page.locator('.rdg-row', { hasText: code });
    await expect(row(`${prefix}2`)).toBeVisible();

    await other.update(kept, 'Changed');
    await other.remove(gone);
    await other.create(`${prefix}3`, 'Fresh');
    await expect(row(`${prefix}1`)).toContainText('Changed');
    await expect(row(`${prefix}1`).getByRole('img', { name: look.changed })).toBeVisible();
    await expect(row(`${prefix}2`).getByRole('img', { name: look.deleted })).toBeVisible();
    const summary = page.getByTestId('grid-live-changes');
    for (const part of look.summary) await expect(summary).toContainText(part);
    await page.screenshot({ path: `test-results/live-grid-${look.locale}-${look.theme}-${look.viewport.width}.png` });
    // The marks and the count read in either theme: no serious or critical axe finding, colour contrast included.
    await expectAccessibleAtRest(page, 'grid with marks');

    const scroller = page.locator('.rdg');
    await scroller.evaluate((element) => element.scrollTo({ top: 210 }));
    await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBe(210);
    await page.getByTestId('grid-show-new').click();
    await expect(page.getByTestId('grid-show-new')).toHaveCount(0);
    // The button is gone; the keyboard user is not dropped onto the page's body but onto the search beside it.
    await expect(page.getByTestId('grid-search')).toBeFocused();
    await expect(page.getByTestId('data-grid')).toHaveAttribute('data-rows', '33');
    expect(await scroller.evaluate((element) => element.scrollTop)).toBe(210);
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(row(`${prefix}3`).getByRole('img', { name: look.fresh })).toBeVisible();

    // The row deleted elsewhere still opens, and says the record was deleted instead of showing an error.
    // (On a phone a click opens the row as a sheet and Escape closes it; on a desktop Enter opens and closes it.)
    const phone = look.viewport.width < 600;
    await row(`${prefix}2`).locator('.rdg-cell').nth(1).click();
    if (!phone) await page.keyboard.press('Enter');
    await expect(page.getByTestId('details-gone')).toBeVisible();
    await expect(page.getByTestId('row-details')).toHaveAttribute('data-phase', 'gone');
    await page.keyboard.press(phone ? 'Escape' : 'Enter');
    await expect(page.getByTestId('row-details')).toHaveCount(0);

    // The editor of a record with unsaved edits says so when another session saves it, and loads that version on request.
    await row(`${prefix}1`).locator('.rdg-cell').nth(1).dblclick();
    const text = page.getByTestId('record-editor').locator('[data-field="Text"] input');
    await expect(text).toHaveValue('Changed');
    await text.fill('Mine');
    await other.update(kept, 'Theirs');
    const notice = page.getByTestId('changed-elsewhere');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('data-state', 'changed');
    await page.screenshot({ path: `test-results/live-editor-${look.locale}-${look.theme}-${look.viewport.width}.png` });
    await expectAccessibleAtRest(page, 'editor notice');
    await page.getByTestId('changed-elsewhere-load').click();
    await expect(text).toHaveValue('Theirs');
    await expect(notice).toHaveCount(0);
    await context.close();
  });
}

/** A copy of the UI build that says it was built a day later: what a deployment of a new version serves. */
async function laterBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mate-later-build-'));
  await cp(path.resolve('dist'), dir, { recursive: true });
  const info = JSON.parse(await readFile(path.join(dir, 'version.json'), 'utf8')) as { buildDate: string };
  const later = new Date(Date.parse(info.buildDate) + 86_400_000).toISOString();
  await writeFile(path.join(dir, 'version.json'), JSON.stringify({ ...info, buildDate: later }));
  return dir;
}

test('the client reconnects by itself after the server restarts, and offers the new version', async ({ page }) => {
  test.setTimeout(240_000);
  const storage = await storageFor({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DATA: 'false' });
  const first = await startMate(storage, { MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DATA: 'false' });
  try {
    await signIn(page, first.url, PASSWORD);
    const status = page.getByTestId('hub-status');
    await expect(status).toHaveAttribute('data-status', 'connected');
    await page.screenshot({ path: 'test-results/live-hub-connected.png' });
    expect(await first.stop()).toBe(0);
    await expect(status).toHaveAttribute('data-status', 'reconnecting');
    await page.screenshot({ path: 'test-results/live-hub-reconnecting.png' });
    // The server comes back with a newer build: once reconnected, the footer offers to reload.
    const staticDir = await laterBuild();
    const second = await startMate(storage, { MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DATA: 'false', MATE_STATIC_DIR: staticDir }, first.port);
    try {
      await expect(status).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
      const update = page.getByTestId('hub-update-available');
      await expect(update).toBeVisible();
      await page.screenshot({ path: 'test-results/live-hub-update-available.png' });
      await update.click();
      await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
      await expect(update).toHaveCount(0);
    } finally {
      await second.stop();
      await rm(staticDir, { recursive: true, force: true });
    }
  } finally {
    await first.stop();
  }
});

test('a revoked token ends the live connection for good, without trying to reconnect', async ({ page, request }) => {
  test.setTimeout(120_000);
  const negotiate = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/hub/mate/negotiate');
  await signIn(page, mate.url, PASSWORD);
  const status = page.getByTestId('hub-status');
  await expect(status).toHaveAttribute('data-status', 'connected');
  const authorization = (await negotiate).headers().authorization!;
  // Every state the indicator passes through from here on.
  await status.evaluate((element) => {
    const seen: (string | null)[] = [];
    (window as unknown as { hubStates: typeof seen }).hubStates = seen;
    new MutationObserver(() => seen.push(element.getAttribute('data-status'))).observe(element, { attributes: true, attributeFilter: ['data-status'] });
  });
  // Signing out elsewhere revokes the token: the hub closes without allowReconnect, and the client stops.
  const logout = await request.post(`${mate.url}/api/auth/logout`, { headers: { authorization } });
  expect(logout.ok()).toBe(true);
  // The hub checks its callers again every 15 s (server/hub/hub-connection.ts): the close comes within that.
  await expect(status).toHaveAttribute('data-status', 'disconnected', { timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { hubStates: string[] }).hubStates)).toEqual(['disconnected']);
});
