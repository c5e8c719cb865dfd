import { randomUUID } from 'node:crypto';
import { blocking, formatViolations, scanPage } from './support/axe';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// Issue 17, the diagnostics pages: database usage (every table with sizes, sorted by keyboard), document locks (the
// demo locks with their flags, one released by keyboard after confirmation) and unprocessed documents (a receipt the
// intake cannot book waits with its reason, is reprocessed one and all with progress); each survives a reload, and
// reads in Arabic, dark, at 390 px.
const PASSWORD = 'diagnostics-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
// A demo terminal's credentials (server/seed/demo/demo-terminals.ts): the intake is called as a terminal calls it.
const TERMINAL = `Basic ${Buffer.from('demo-pos-001:demo-terminal-secret-1').toString('base64')}`;

test.describe.configure({ mode: 'serial' });

/** A receipt with a tax rate its tenant does not have: stored, but it stays unprocessed with the reason. */
async function sendUnbookableReceipt(request: APIRequestContext, taxRate = 16): Promise<string> {
  const uid = randomUUID();
  const answer = await request.post(`${mate.url}/api/terminals/receipts`, {
    headers: { authorization: TERMINAL },
    data: { id: uid, type: 'receipt', number: 4242, createdAt: new Date().toISOString(), currency: 'EUR', operator: 'E2E', lines: [{ text: 'Odd rate', quantity: 1, unitPrice: 3, amount: 3, taxRate }], payments: [{ method: 'cash', amount: 3 }], total: 3 },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return uid;
}

/** Gives the receipt's tenant the tax rate it lacked, through the data service, as a person fixing the data would. */
async function addTaxRate(request: APIRequestContext, documentUid: string, rate: number): Promise<void> {
  const login = await request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
  const authorization = `Bearer ${((await login.json()) as { access_token: string }).access_token}`;
  const queue = (await (await request.get(`${mate.url}/api/diagnostics/unprocessed-documents?take=500`, { headers: { authorization } })).json()) as { items: { uid: string; tenantOid: number }[] };
  const tenantOid = queue.items.find((item) => item.uid === documentUid)!.tenantOid;
  // The scope header carries the tenant encoded as the app encodes it (server/identity/scope-headers.ts).
  const headers = { authorization, 'x-mate-tenant': String(BigInt(tenantOid) * 7919n + 104729n) };
  const tenant = (await (await request.get(`${mate.url}/api/data/tenancy/tenant/${tenantOid}`, { headers })).json()) as { CountryCode: string };
  const created = await request.post(`${mate.url}/api/data/pos-supply/tax`, { headers, data: { Code: `E2E${rate}`, Name: `E2E ${rate} %`, CountryCode: tenant.CountryCode, TaxCategory: 'Standard', Rate: rate } });
  expect(created.status(), await created.text()).toBe(201);
}

async function noBlockingFindings(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  const violations = blocking(await scanPage(page));
  expect(violations, formatViolations(violations)).toEqual([]);
}

test('database usage: every table with rows and sizes, the summary, sorting by keyboard, after a reload too', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD, '/diagnostics/database-usage', 'database-usage');
  const table = page.getByTestId('database-usage-table');
  const documents = table.locator('[data-table-name="mate_terminal_document"]');
  await expect(documents).toBeVisible();
  await expect(page.getByTestId('database-usage-summary')).toContainText('Largest tables');
  await expect(page.getByTestId('database-usage-total')).toHaveText(/\d+(\.\d)? (kB|MB|GB)/);
  // Largest first; Rows by keyboard sorts by rows, largest first.
  const rowsHeader = page.locator('[data-sort-column="rows"]');
  await rowsHeader.focus();
  await page.keyboard.press('Enter');
  await expect(rowsHeader.locator('xpath=..')).toHaveAttribute('aria-sort', 'descending');
  const counts = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
  const numbers = counts.map((text) => Number(text.replace(/[^\d]/g, '')));
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  await page.getByLabel('Filter tables').fill('mate_terminal_doc');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/diagnostics-database-usage-en-light-1440.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await noBlockingFindings(page);
  await page.screenshot({ path: 'test-results/diagnostics-database-usage-en-dark-1440.png' });
  await page.reload();
  await expect(page.getByTestId('database-usage-table').locator('[data-table-name="mate_terminal_document"]')).toBeVisible();
});

test('document locks: the demo locks with their flags; a stale one released by keyboard after confirmation stays released', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD, '/diagnostics/document-locks', 'document-locks');
  const rows = page.getByTestId('document-lock-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  expect(before).toBeGreaterThan(1);
  // Every row has its tenant's flag (an svg) and the demo locks' leases have run out.
  await expect(rows.first().locator('td').first().locator('svg')).toBeVisible();
  await expect(rows.first()).toHaveAttribute('data-stale', 'true');
  const oid = await rows.first().getAttribute('data-lock-oid');
  await page.screenshot({ path: 'test-results/diagnostics-document-locks-en-light-1440.png' });

  await rows.first().getByRole('button', { name: 'Release' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('release-lock-dialog');
  await expect(dialog).toContainText('The lease has run out');
  // Cancel by Escape changes nothing.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(before);
  await rows.first().getByRole('button', { name: 'Release' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('release-lock-confirm')).toBeVisible();
  await page.getByTestId('release-lock-confirm').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-lock-oid="${oid}"]`)).toHaveCount(0);
  await expect(rows).toHaveCount(before - 1);
  await page.reload();
  await expect(page.getByTestId('document-lock-table').locator('tbody tr')).toHaveCount(before - 1);
  await expect(page.locator(`[data-lock-oid="${oid}"]`)).toHaveCount(0);
});

test('unprocessed documents: a receipt that cannot be booked waits with its reason; reprocess one and all, with progress', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const uid = await sendUnbookableReceipt(request);
  await signIn(page, mate.url, PASSWORD, '/diagnostics/unprocessed-documents', 'unprocessed-documents');
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
  const row = page.getByTestId('unprocessed-table').locator('tbody tr').filter({ hasText: uid.slice(0, 8) });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('unprocessed-reason')).toContainText('the tax rate 16 % does not exist');
  await expect(row.locator('td').first().locator('svg')).toBeVisible();
  // Filters: the reason text narrows to it, a text no document has empties the list.
  await page.getByLabel('Filter documents').fill('tax rate 16');
  await expect(row).toBeVisible();
  await page.getByLabel('Filter documents').fill('no such reason anywhere');
  await expect(page.getByTestId('diagnostics-empty')).toBeVisible();
  await page.getByLabel('Filter documents').fill('');

  // One, by keyboard: it still cannot be booked, and says why.
  await row.getByRole('button', { name: /Reprocess document/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').filter({ hasText: 'stays unprocessed' })).toBeVisible();
  await expect(row).toBeVisible();

  // All: one run on the server over every tenant. A second receipt (rate 17) becomes bookable once its tenant has
  // the rate: the run books it and the queue shrinks; the first still fails, counted with its reason.
  const fixable = await sendUnbookableReceipt(request, 17);
  const fixableRow = page.getByTestId('unprocessed-table').locator('tbody tr').filter({ hasText: fixable.slice(0, 8) });
  await expect(fixableRow).toBeVisible();
  await addTaxRate(request, fixable, 17);
  const before = Number((await page.getByTestId('unprocessed-count').innerText()).replace(/\D/g, ''));
  await page.getByTestId('reprocess-all').click();
  const progress = page.getByTestId('reprocess-progress');
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('reprocess-count')).toContainText(/Reprocessing: (Queued|Running|Failed), \d+ of \d+ documents/);
  // It ends failed (the rate 16 is still missing): n booked, m still fail, the first reason shown.
  await expect(progress).toHaveAttribute('data-run-state', '4', { timeout: 60_000 });
  const result = page.getByTestId('reprocess-result');
  await expect(result).toContainText('still fail');
  expect(Number(await result.getAttribute('data-booked'))).toBeGreaterThanOrEqual(1);
  expect(Number(await result.getAttribute('data-failing'))).toBeGreaterThanOrEqual(1);
  await expect(progress).toContainText('could not be processed');
  await expect(fixableRow).toHaveCount(0);
  await expect(row).toBeVisible();
  await expect.poll(async () => Number((await page.getByTestId('unprocessed-count').innerText()).replace(/\D/g, ''))).toBeLessThan(before);
  await page.screenshot({ path: 'test-results/diagnostics-unprocessed-en-light-1440.png' });
  await page.reload();
  await expect(page.getByTestId('unprocessed-table').locator('tbody tr').filter({ hasText: uid.slice(0, 8) })).toBeVisible();
});

test('Arabic, dark, 390 px: the three pages run right to left, fit the phone and read well', { tag: '@looks' }, async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, mate.url, PASSWORD);
  await page.evaluate(() => localStorage.setItem('mate.locale', 'ar'));
  for (const [path, testId, name] of [
    ['/diagnostics/database-usage', 'database-usage-table', 'database-usage'],
    ['/diagnostics/document-locks', 'document-lock-table', 'document-locks'],
    ['/diagnostics/unprocessed-documents', 'unprocessed-table', 'unprocessed'],
  ] as const) {
    await page.goto(`${mate.url}${path}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId(testId)).toBeVisible();
    // The tables scroll inside their own region; the page itself is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await noBlockingFindings(page);
    await page.screenshot({ path: `test-results/diagnostics-${name}-ar-dark-390.png` });
  }
  await context.close();
});
