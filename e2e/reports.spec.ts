import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { blocking, formatViolations, scanPage } from './support/axe';
import { serveMateForSpec } from './support/spec-server';
import { LOOK_CORNERS } from './support/looks';
import { settled } from './support/settled';

// The report page (issue 16): a demo terminal hands in receipts through the terminal endpoint, intake books them at
// once (no job runs), and the daily sales report shows the totals computed here from the same receipts;
// parameters change the result, a total drills down into the viewer, and the page reads in light and dark, English
// and Arabic, at 1440 and 390 px.
const PASSWORD = 'reports-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
const SCREENS = process.env.MATE_E2E_SCREENS ?? 'test-results/reports';

interface Sent {
  locationName: string;
  currency: string;
  /** The receipts' totals per UTC day. */
  byDay: Map<string, number[]>;
}

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/**
 * Hands in three sales through the first terminal of the admin's current tenant (its demo key follows the seed's
 * round-robin over tenants, docs/demo-data.md), in the tenant's currency and at one of its tax rates.
 */
async function sendReceipts(request: APIRequestContext): Promise<Sent> {
  const headers = await adminHeaders(request);
  const profile = (await (await request.get(`${mate.url}/api/user/profile`, { headers })).json()) as { primaryTenantOid: number };
  const tenantOid = profile.primaryTenantOid;
  const terminals = ((await (await request.get(`${mate.url}/api/terminals/connections`, { headers })).json()) as { items: { tenantOid: number; locationName: string | null }[] }).items;
  const tenantsInOrder = [...new Set(terminals.map((t) => t.tenantOid))];
  const key = `demo-pos-${String(tenantsInOrder.indexOf(tenantOid) + 1).padStart(3, '0')}`;
  const locationName = terminals.find((t) => t.tenantOid === tenantOid)!.locationName!;
  const tenant = (await (await request.get(`${mate.url}/api/data/tenancy/tenant/${tenantOid}`, { headers })).json()) as { CountryCode: string; CurrencyCode: string };
  const taxes = ((await (await request.get(`${mate.url}/api/data/pos-supply/tax?take=100`, { headers })).json()) as { items: { Rate: number | null; CountryCode: string; Disabled: boolean }[] }).items;
  const rate = taxes.find((t) => !t.Disabled && t.Rate !== null && t.CountryCode === tenant.CountryCode)!.Rate!;
  const terminal = { authorization: `Basic ${Buffer.from(`${key}:demo-terminal-secret-1`).toString('base64')}` };
  const sales: [number, number, number][] = [
    [0, 2, 1.5],
    [0, 1, 4],
    [2, 3, 2],
  ];
  const byDay = new Map<string, number[]>();
  for (const [i, [offset, quantity, unitPrice]] of sales.entries()) {
    const amount = quantity * unitPrice;
    const createdAt = new Date(Date.parse(`${day(offset)}T12:00:00Z`) - (offset === 0 ? 12 * 3_600_000 - 60_000 : 0)).toISOString();
    const receipt = {
      id: randomUUID(),
      type: 'receipt',
      number: 9000 + i,
      createdAt,
      currency: tenant.CurrencyCode,
      operator: 'e2e-anna',
      lines: [{ text: 'Apple', quantity, unitPrice, amount, taxRate: rate }],
      payments: [{ method: 'cash', amount }],
      total: amount,
    };
    const sent = await request.post(`${mate.url}/api/terminals/receipts`, { headers: terminal, data: receipt });
    expect(sent.status(), await sent.text()).toBe(201);
    expect(((await sent.json()) as { unprocessed?: string }).unprocessed).toBeUndefined();
    byDay.set(createdAt.slice(0, 10), [...(byDay.get(createdAt.slice(0, 10)) ?? []), amount]);
  }
  return { locationName, currency: tenant.CurrencyCode, byDay };
}

async function look(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
  const violations = blocking(await scanPage(page));
  expect(violations, `${name}\n${formatViolations(violations)}`).toEqual([]);
}

let sent: Sent | undefined;

/** Signs in by the form's field names (its labels are in the chosen language) at `path`. */
async function signInAt(page: Page, path: string): Promise<void> {
  await page.goto(`${mate.url}${path}`);
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });
}

/**
 * The receipts, handed in once per server (a worker that restarts after a failure gets a new server): intake books
 * them in the transaction that stores them, so the report counts them as soon as each is acknowledged, before any
 * reprocess job; then the browser signs in.
 */
async function booked(page: Page, request: APIRequestContext): Promise<Sent> {
  if (sent) return sent;
  const receipts = await sendReceipts(request);
  const headers = await adminHeaders(request);
  const expected = [...receipts.byDay.values()].flat().reduce((a, b) => a + b, 0);
  const run = await request.post(`${mate.url}/api/reports/sales/daily/run`, { headers, data: {} });
  expect(((await run.json()) as { totals: { total: number } }).totals.total).toBe(expected);
  await signInAt(page, '/');
  sent = receipts;
  return receipts;
}

test('receipts handed in and booked show in the daily sales report from the navigation, with totals, parameters and drill-down', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const sent = await booked(page, request);
  const expectedTotal = [...sent.byDay.values()].flat().reduce((a, b) => a + b, 0);

  // Open the report from the navigation.
  await page.goto(`${mate.url}/`);
  await page.getByTestId('mega-menu-/report').click();
  await page.getByRole('link', { name: 'Daily sales', exact: true }).click();
  await expect(page).toHaveURL(/\/report\/sales\/daily/);
  const grid = page.getByTestId('report-grid');
  await expect(grid).toBeVisible({ timeout: 30_000 });
  const money = (value: number) => new Intl.NumberFormat('en', { style: 'currency', currency: sent.currency }).format(value);
  const total = grid.locator('.report-line-total');
  await expect(total.getByTestId('report-cell-total')).toHaveText(money(expectedTotal));
  await expect(total.getByTestId('report-cell-receipts')).toHaveText('3');
  // One subtotal per day, each the sum of that day's receipts.
  const subtotals = grid.locator('.report-line-subtotal');
  await expect(subtotals).toHaveCount(sent.byDay.size);
  for (const [date, amounts] of sent.byDay) {
    const label = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    await expect(subtotals.filter({ hasText: label }).getByTestId('report-cell-total')).toHaveText(money(amounts.reduce((a, b) => a + b, 0)));
  }
  await expect(grid.locator('.report-line-row').first().getByTestId('report-cell-locationName')).toHaveText(sent.locationName);
  await expect(page.getByTestId('report-chart')).toBeVisible();
  const todays = (sent.byDay.get(day(0)) ?? []).reduce((a, b) => a + b, 0);
  await expect(page.getByTestId('report-chart-table')).toContainText(money(todays));
  await look(page, 'daily-sales-light-en-1440');

  // Parameters by keyboard: from today only, grouped by month, run with Enter.
  const from = page.getByTestId('report-from');
  await from.fill(new Intl.DateTimeFormat('en', { timeZone: 'UTC' }).format(new Date(`${day(0)}T00:00:00Z`)));
  await page.getByTestId('report-grouping').selectOption('month');
  await from.press('Enter');
  await expect(page).toHaveURL(new RegExp(`from=${day(0)}`));
  await expect(total.getByTestId('report-cell-total')).toHaveText(money(todays));
  await expect(total.getByTestId('report-cell-receipts')).toHaveText(String(sent.byDay.get(day(0))?.length ?? 0));
  await expect(page.getByTestId('report-export-link')).toHaveAttribute('href', new RegExp(`/report/export/sales/daily\\?from=${day(0)}&to=\\d{4}-\\d\\d-\\d\\d&grouping=month`));

  // Drill-down: the total's documents in the viewer, with the run's range and the report's type.
  await total.getByTestId('report-drill-total').click();
  await expect(page).toHaveURL(new RegExp(`/document/receipt/sales\\?from=${day(0)}&to=\\d{4}-\\d\\d-\\d\\d`));
});

for (const { theme, locale, width, height } of LOOK_CORNERS) {
  const size = String(width);
  test(`the report page reads in ${theme}, ${locale}, ${size} px`, { tag: '@looks' }, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((chosen) => localStorage.setItem('mate.locale', chosen), locale);
    if (sent) await signInAt(page, '/report/sales/daily');
    else {
      await booked(page, request);
      await page.goto(`${mate.url}/report/sales/daily`);
    }
    await expect(page.getByTestId('report-grid')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('report-grid').locator('.report-line-subtotal')).toHaveCount(2);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByTestId('report-grid').locator('.report-line-total')).toBeVisible();
    await look(page, `daily-sales-${theme}-${locale}-${size}`);
  });
}
