import { expect, test, type Locator, type Page } from './support/test';
import { LOOK_CORNERS } from './support/looks';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// The back office applies its own settings (docs/settings.md "What the back office settings do"): an administrator
// sets rows per page, ISO dates and the idle minutes at Mate Deutschland by keyboard; a store manager of that tenant
// (no right on the configuration page) gets the page size and ISO dates after a reload, and after the idle minutes
// (the browser's clock moved on) the session locks with reason 'idle', keeping the unsaved edit behind the dialog.
const PASSWORD = 'backoffice-apply-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
// Demo data (docs/demo-data.md): manager.de works in Mate Deutschland, which holds the articles (20,000).
const DEMO_PASSWORD = 'demo-pass-1';

test.describe.configure({ mode: 'serial' });

/** The Oid of Mate Deutschland, from the scope tree the admin reads. */
async function germanTenantOid(page: Page): Promise<number> {
  const token = (await (await page.request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { Authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } })).json()) as { access_token: string };
  const tree = (await (await page.request.get(`${mate.url}/api/settings/scope`, { headers: { Authorization: `Bearer ${token.access_token}` } })).json()) as { items: { type: string; oid: number; id: string }[] };
  return tree.items.find((item) => item.type === 'TENANT' && item.id === 'MATE-DE')!.oid;
}

/** Opens a grid of the signed-in user and searches: the first page of rows. */
async function searchGrid(page: Page, path: string): Promise<Locator> {
  await page.goto(`${mate.url}${path}`);
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('grid-search').click();
  const grid = page.getByTestId('data-grid');
  await expect(page.locator('.rdg-row').first()).toBeVisible({ timeout: 30_000 });
  return grid;
}

/** The due date (the first column) of the contact tasks' first row. */
const firstDueDate = (page: Page) => page.locator('.rdg-row').first().locator('.rdg-cell').nth(1);

/** Overrides a setting at the page's scope by keyboard: Override here, the value, Save. */
async function overrideByKeyboard(page: Page, path: string, enter: () => Promise<void>, shown: string): Promise<void> {
  const row = page.locator(`[data-testid="setting-row"][data-path="${path}"]`);
  await row.getByRole('button', { name: 'Override here' }).focus();
  await page.keyboard.press('Enter');
  await expect(row.getByTestId('setting-input')).toBeFocused();
  await enter();
  await expect(row.getByTestId('setting-value')).toHaveText(shown);
  await expect(row.getByTestId('setting-source')).toHaveText('Set here');
}

test('an administrator sets rows per page, ISO dates and the idle minutes at a tenant by keyboard; its users get them after a reload', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // Before: the grids' own page size (the articles declare none: 50) and dates as English writes them.
  await signIn(page, mate.url, DEMO_PASSWORD, '/', 'title-bar', 'manager.de');
  await expect(await searchGrid(page, '/data/pos-supply/article')).toHaveAttribute('data-rows', '50');
  await searchGrid(page, '/data/campaigns/contacttask');
  await expect(firstDueDate(page)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  // A user without a right on the configuration page reads the values in force in their tenant.
  const de = await germanTenantOid(page);
  const effective = await page.evaluate(async (scope) => {
    const session = JSON.parse(sessionStorage.getItem('mate.session')!) as { token: string };
    const answer = await fetch(`/api/settings/backoffice/effective?scope=${scope}`, { headers: { authorization: `Bearer ${session.token}` } });
    return { status: answer.status, body: (await answer.json()) as unknown };
  }, `TENANT:${de}`);
  expect(effective).toMatchObject({ status: 200, body: { values: { 'lists.pageSize': 50 }, sources: { 'lists.pageSize': null } } });

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, mate.url, PASSWORD, `/settings/backoffice/configuration?scope=TENANT:${de}`, 'pos-configuration');
  await expect(admin.getByTestId('scope-select')).toHaveValue(`TENANT:${de}`);
  await expect(admin.locator('[data-testid="setting-row"][data-path="session.idleTimeoutMinutes"]')).toContainText('Lock after idle minutes');
  const typeNumber = (value: string) => async () => {
    await admin.keyboard.press('Control+A');
    await admin.keyboard.type(value);
    await admin.keyboard.press('Enter');
  };
  await overrideByKeyboard(admin, 'lists.pageSize', typeNumber('20'), '20');
  await overrideByKeyboard(
    admin,
    'formats.dateFormat',
    async () => {
      // The options: as the language writes it, then ISO; Tab reaches Save.
      await admin.keyboard.press('ArrowDown');
      await admin.keyboard.press('Tab');
      await admin.keyboard.press('Enter');
    },
    'ISO (2026-11-29)',
  );
  await overrideByKeyboard(admin, 'session.idleTimeoutMinutes', typeNumber('5'), '5');
  await admin.context().close();

  // After a reload: 20 rows a page and ISO dates, in the grid and in the editor's date box.
  await page.reload();
  await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });
  await searchGrid(page, '/data/campaigns/contacttask');
  await expect(firstDueDate(page)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await firstDueDate(page).dblclick();
  const editor = page.getByTestId('row-details');
  await expect(editor).toHaveAttribute('data-mode', 'edit');
  await expect(editor.locator('[data-field="DueDate"] input')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(await searchGrid(page, '/data/pos-supply/article')).toHaveAttribute('data-rows', '20');
});

for (const { theme, locale, width, height } of LOOK_CORNERS) {
  test(`after the idle minutes the session locks with the unsaved edit kept, and signing in again continues (${theme}, ${locale}, ${width} px)`, { tag: '@looks' }, async ({ page }) => {
    test.setTimeout(120_000);
    // A clock the test moves on: the five idle minutes pass at once.
    await page.clock.install();
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, mate.url, DEMO_PASSWORD, '/', 'title-bar', 'manager.de');
    if (locale !== 'en') {
      await page.evaluate((chosen) => localStorage.setItem('mate.locale', chosen), locale);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    }
    await searchGrid(page, '/data/campaigns/contacttask');
    await firstDueDate(page).dblclick();
    const editor = page.getByTestId('row-details');
    await expect(editor).toHaveAttribute('data-mode', 'edit');
    const subject = editor.locator('[data-field="Subject"] input');
    await subject.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' (idle)');
    const edited = await subject.inputValue();
    expect(edited).toMatch(/ \(idle\)$/);
    const address = page.url();

    // Four minutes: still open; past five without activity: locked.
    await page.clock.fastForward('04:00');
    const dialog = page.getByTestId('relogin-dialog');
    await expect(dialog).toBeHidden();
    await page.clock.fastForward('01:01');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-reason', 'idle');
    if (locale === 'en') await expect(dialog.getByTestId('relogin-reason')).toHaveText('The session was locked after 5 minutes without activity. Enter your password to continue.');
    // Arabic writes the five in its own digits.
    else await expect(dialog.getByTestId('relogin-reason')).toHaveText(/^تم قفل الجلسة بعد (5|٥) دقائق دون أي نشاط\. أدخل كلمة المرور للمتابعة\.$/);
    await expect(dialog.locator('input[name=password]')).toBeFocused();
    await page.screenshot({ path: `test-results/backoffice-idle-${theme}-${locale}-${width}.png` });

    // Signing in again by keyboard continues on the same page with the edit kept.
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    // Closed (in dark mode, after the clock was moved on, the closed content stays in the page until its exit
    // animation ends: it is transparent and takes no clicks, as the typing below shows).
    await expect(dialog).toHaveAttribute('data-state', 'closed');
    expect(page.url()).toBe(address);
    await expect(subject).toHaveValue(edited);
    // And the page takes input again.
    await subject.click();
    await page.keyboard.press('End');
    await page.keyboard.type('!');
    await expect(subject).toHaveValue(`${edited}!`);
  });
}
