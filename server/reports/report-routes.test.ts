import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministratorRole } from '../identity/administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { encodeScopeValue } from '../identity/scope-headers';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { operationOf } from '../api-docs/route-openapi';
import { insertTestDocument, type TestDocument } from './report-test-documents';
import { loadReportCatalogue } from './report-catalogue';
import { authorizeRun, reportRowBatches, runReport } from './report-runner';
import { REPORT_RUN_ROUTE_SCHEMA } from './report-schemas';

// Issue 16: a report run matches totals computed here, independently, from the same documents; only processed
// documents of the caller's tenant (and location, when pinned) count; Read on the report's path decides.
interface Fixture {
  docs: TestDocument[];
  locations: { berlin: number; paris: number; other: number };
  terminals: { berlin: number; paris: number; other: number };
}

async function fill(t: IdentityTestApp): Promise<Fixture> {
  const db = t.database.db;
  const location = async (tenant: number, name: string) =>
    Number((await db.query<{ oid: string }>(`insert into e_tenancy_location ("TenantOid", "Id", "Name") values ($1, $2, $2) returning "Oid" as oid`, [tenant, name])).rows[0]!.oid);
  const terminal = async (tenant: number, number: number, loc: number) =>
    Number((await db.query<{ oid: string }>(`insert into e_tenancy_pos_terminal ("TenantOid", "TerminalNumber", "Name", "LocationOid") values ($1, $2, $3, $4) returning "Oid" as oid`, [tenant, number, `POS ${number}`, loc])).rows[0]!.oid);
  const locations = { berlin: await location(1, 'Berlin'), paris: await location(1, 'Paris'), other: await location(2, 'Elsewhere') };
  const terminals = { berlin: await terminal(1, 1, locations.berlin), paris: await terminal(1, 2, locations.paris), other: await terminal(2, 3, locations.other) };
  await db.query(`insert into e_pos_supply_article ("TenantOid", "ArticleNumber", "Text", "ProductGroup", "RetailPrice") values (1, 'A1', 'Apple', 'Fruit', 1.5), (1, 'B1', 'Bread', 'Bakery', 3)`);
  const at = (day: string, hour = 10) => `${day}T${String(hour).padStart(2, '0')}:00:00Z`;
  const sale = (day: string, where: 'berlin' | 'paris', operator: string, lines: TestDocument['lines'], method = 'cash', extra: Partial<TestDocument> = {}): TestDocument => {
    const total = lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
    return { tenantOid: 1, terminalOid: terminals[where], locationOid: locations[where], kind: 'sale', createdAt: at(day), operator, lines, payments: [{ method, amount: total }], ...extra };
  };
  const apple = (quantity: number) => ({ articleNumber: 'A1', quantity, unitPrice: 1.5, taxRate: 7 });
  const bread = (quantity: number) => ({ articleNumber: 'B1', quantity, unitPrice: 3, taxRate: 19 });
  const docs: TestDocument[] = [
    sale('2026-03-02', 'berlin', 'anna', [apple(2), bread(1)]),
    sale('2026-03-02', 'berlin', 'ben', [bread(3)], 'card'),
    sale('2026-03-02', 'paris', 'anna', [apple(10)], 'card'),
    sale('2026-03-05', 'paris', 'chloe', [apple(1), bread(2)]),
    sale('2026-03-20', 'berlin', 'anna', [bread(1)], 'card'),
    { ...sale('2026-03-05', 'berlin', 'ben', [bread(1)]), kind: 'return', payments: [{ method: 'cash', amount: -3 }] },
    { ...sale('2026-03-06', 'paris', 'chloe', [apple(2)]), kind: 'cancellation', payments: [{ method: 'card', amount: -3 }] },
    // Not counted: unprocessed, another tenant, outside the default range (the last 30 days up to 31 March).
    sale('2026-03-03', 'berlin', 'anna', [bread(50)], 'cash', { processed: false }),
    { ...sale('2026-03-03', 'berlin', 'anna', [bread(40)]), tenantOid: 2, terminalOid: terminals.other, locationOid: locations.other },
    sale('2026-02-20', 'berlin', 'anna', [bread(30)]),
  ];
  for (const doc of docs) await insertTestDocument(db, doc);
  return { docs, locations, terminals };
}

/** The documents a run of tenant 1 over MARCH counts, by the rules, computed without the engine. */
function counted(f: Fixture, kinds: string[], location?: number): TestDocument[] {
  return f.docs.filter((d) => d.tenantOid === 1 && d.processed !== false && d.createdAt >= '2026-03-02' && d.createdAt < '2026-04-01' && kinds.includes(d.kind) && (location === undefined || d.locationOid === location));
}
const sign = (d: TestDocument) => (d.kind === 'sale' ? 1 : -1);
const docTotal = (d: TestDocument) => sign(d) * d.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 10000) / 10000;

describe('report routes', () => {
  let t: IdentityTestApp;
  let f: Fixture;
  let admin: Record<string, string>;
  let oneTenantReader: Record<string, string>;
  let noRights: Record<string, string>;

  beforeAll(async () => {
    // Every run below names its range; the date defaults are checked in the definition route against the real clock.
    t = await createIdentityTestApp();
    f = await fill(t);
    await addUser(t.database, 'admin', 'admin-password-1', [1, 2]);
    await ensureAdministratorRole(t.database.db);
    const readerOid = await addUser(t.database, 'reader', 'reader-password-1', [1, 2]);
    const role = await createRole(t.database.db, 'Daily sales reader');
    await setPermission(t.database.db, { subject: { roleOid: role }, path: '/report/sales/daily', tenantOid: null, action: 'Read', allowed: true });
    // The role is held in tenant 1 only: its Global decision gives Read in tenant 1, not in tenant 2.
    await setUserRoles(t.database.db, readerOid, [{ roleOid: role, tenantOid: 1 }]);
    await addUser(t.database, 'nobody', 'nobody-password-1', [1]);
    admin = { authorization: `Bearer ${await signInToken(t.app, 'admin', 'admin-password-1')}`, 'x-mate-tenant': encodeScopeValue(1) };
    oneTenantReader = { authorization: `Bearer ${await signInToken(t.app, 'reader', 'reader-password-1')}`, 'x-mate-tenant': encodeScopeValue(1) };
    noRights = { authorization: `Bearer ${await signInToken(t.app, 'nobody', 'nobody-password-1')}` };
  }, 120_000);
  afterAll(() => t.close());

  const MARCH = { from: '2026-03-02', to: '2026-03-31' };
  const run = (path: string, body: unknown, headers = admin) => t.app.inject({ method: 'POST', url: `/api/reports/${path}/run`, headers, payload: body as object });

  it('daily sales: rows per day and location, subtotals per day and the grand total match the documents', async () => {
    const answer = await run('sales/daily', MARCH);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json();
    const sales = counted(f, ['sale']);
    expect(result.totals).toEqual({ receipts: sales.length, total: sum(sales.map(docTotal)), average: sum([sales.map(docTotal).reduce((a, b) => a + b, 0) / sales.length]) });
    expect(result.currency).toBe('EUR');
    expect(result.truncated).toBe(false);
    const days = [...new Set(sales.map((d) => d.createdAt.slice(0, 10)))].sort();
    expect(result.subtotals.map((s: { day: string }) => s.day)).toEqual(days);
    for (const subtotal of result.subtotals) {
      const ofDay = sales.filter((d) => d.createdAt.startsWith(subtotal.day));
      expect(subtotal.total).toBe(sum(ofDay.map(docTotal)));
      expect(subtotal.receipts).toBe(ofDay.length);
    }
    expect(result.rows[0]).toEqual({ day: '2026-03-02', locationName: 'Berlin', location: f.locations.berlin, receipts: 2, total: 15, average: 7.5 });
    expect(result.rows.map((r: { day: string; locationName: string }) => `${r.day} ${r.locationName}`)).toEqual(['2026-03-02 Berlin', '2026-03-02 Paris', '2026-03-05 Paris', '2026-03-20 Berlin']);
  });

  it('groups by week and month when asked, with the same total', async () => {
    const month = (await run('sales/daily', { ...MARCH, grouping: 'month' })).json();
    expect(month.subtotals).toHaveLength(1);
    expect(month.subtotals[0].day).toBe('2026-03-01');
    expect(month.subtotals[0].total).toBe(month.totals.total);
    const week = (await run('sales/daily', { ...MARCH, grouping: 'week' })).json();
    expect(week.subtotals.map((s: { day: string }) => s.day)).toEqual(['2026-03-02', '2026-03-16']);
  });

  it('sales per article, per product group, tax per rate, payments per type, cashiers, returns: totals match', async () => {
    const sales = counted(f, ['sale']);
    const lines = sales.flatMap((d) => d.lines.map((l) => ({ ...l, amount: l.quantity * l.unitPrice })));
    const articles = (await run('sales/articles', MARCH)).json();
    expect(articles.totals.amount).toBe(sum(lines.map((l) => l.amount)));
    expect(articles.totals.quantity).toBe(sum(lines.map((l) => l.quantity)));
    expect(articles.rows.map((r: { articleNumber: string }) => r.articleNumber)).toEqual(['A1', 'B1'].sort((a, b) => sum(lines.filter((l) => l.articleNumber === b).map((l) => l.amount)) - sum(lines.filter((l) => l.articleNumber === a).map((l) => l.amount))));
    const apple = articles.rows.find((r: { articleNumber: string }) => r.articleNumber === 'A1');
    expect(apple.receipts).toBe(sales.filter((d) => d.lines.some((l) => l.articleNumber === 'A1')).length);

    const groups = (await run('sales/product-groups', MARCH)).json();
    expect(Object.fromEntries(groups.rows.map((r: { productGroup: string; amount: number }) => [r.productGroup, r.amount]))).toEqual({
      Fruit: sum(lines.filter((l) => l.articleNumber === 'A1').map((l) => l.amount)),
      Bakery: sum(lines.filter((l) => l.articleNumber === 'B1').map((l) => l.amount)),
    });

    const taxed = counted(f, ['sale', 'return']).flatMap((d) => d.lines.map((l) => ({ rate: l.taxRate, amount: sign(d) * l.quantity * l.unitPrice })));
    const tax = (await run('finance/tax-rates', MARCH)).json();
    for (const rate of [7, 19]) {
      const row = tax.rows.find((r: { taxRate: number }) => r.taxRate === rate);
      const gross = sum(taxed.filter((l) => l.rate === rate).map((l) => l.amount));
      expect(row.total).toBe(gross);
      expect(row.taxAmount).toBeCloseTo((gross * rate) / (100 + rate), 2);
      expect(row.netAmount + row.taxAmount).toBeCloseTo(gross, 4);
    }

    const paid = counted(f, ['sale', 'return']).flatMap((d) => d.payments);
    const payments = (await run('finance/payments', MARCH)).json();
    expect(payments.totals).toEqual({ payments: paid.length, amount: sum(paid.map((p) => p.amount)) });
    expect(payments.rows.find((r: { method: string }) => r.method === 'card').amount).toBe(sum(paid.filter((p) => p.method === 'card').map((p) => p.amount)));

    const cashiers = (await run('staff/cashiers', MARCH)).json();
    expect(cashiers.rows.map((r: { operator: string; total: number }) => [r.operator, r.total])).toEqual(
      ['anna', 'ben', 'chloe'].map((o) => [o, sum(sales.filter((d) => d.operator === o).map(docTotal))]).sort((a, b) => Number(b[1]) - Number(a[1])),
    );

    const corrections = counted(f, ['return', 'cancellation']);
    const returns = (await run('sales/returns', MARCH)).json();
    expect(returns.totals).toEqual({ documents: corrections.length, total: sum(corrections.map(docTotal)) });
    expect(returns.subtotals.map((s: { kind: string; documents: number }) => [s.kind, s.documents])).toEqual([
      ['cancellation', 1],
      ['return', 1],
    ]);
  });

  it('the location parameter and the location header narrow the run; a header and another location is 403', async () => {
    const paris = (await run('sales/daily', { ...MARCH, location: f.locations.paris })).json();
    expect(paris.totals.total).toBe(sum(counted(f, ['sale'], f.locations.paris).map(docTotal)));
    expect(paris.parameters.location).toBe(f.locations.paris);
    const pinned = { ...admin, 'x-mate-location': encodeScopeValue(f.locations.berlin) };
    const berlin = (await run('sales/daily', MARCH, pinned)).json();
    expect(berlin.totals.total).toBe(sum(counted(f, ['sale'], f.locations.berlin).map(docTotal)));
    const refused = await run('sales/daily', { ...MARCH, location: f.locations.paris }, pinned);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('x-mate-location');
  });

  it('permission matrix: Read on the report path in the run tenant, for list, definition and run', async () => {
    const tenant2 = { ...oneTenantReader, 'x-mate-tenant': encodeScopeValue(2) };
    const cases: { who: string; headers: Record<string, string>; report: string; body?: object; allowed: boolean }[] = [
      { who: 'admin', headers: admin, report: 'sales/daily', allowed: true },
      { who: 'admin, tenant 2', headers: { ...admin, 'x-mate-tenant': encodeScopeValue(2) }, report: 'sales/articles', allowed: true },
      { who: 'reader in tenant 1', headers: oneTenantReader, report: 'sales/daily', allowed: true },
      { who: 'reader in tenant 1, other report', headers: oneTenantReader, report: 'sales/articles', allowed: false },
      { who: 'reader in tenant 2 (role held in 1 only)', headers: tenant2, report: 'sales/daily', allowed: false },
      { who: 'reader asking for tenant 2 in the body', headers: oneTenantReader, report: 'sales/daily', body: { tenant: 2 }, allowed: false },
      { who: 'reader asking for a tenant not theirs', headers: oneTenantReader, report: 'sales/daily', body: { tenant: 99 }, allowed: false },
      { who: 'user without rights', headers: noRights, report: 'sales/daily', allowed: false },
    ];
    for (const c of cases) {
      const ran = await run(c.report, { ...MARCH, ...c.body }, c.headers);
      expect(ran.statusCode, `${c.who} runs ${c.report}: ${ran.body}`).toBe(c.allowed ? 200 : 403);
      if (!c.body) {
        const definition = await t.app.inject({ url: `/api/reports/${c.report}`, headers: c.headers });
        expect(definition.statusCode, `${c.who} reads ${c.report}`).toBe(c.allowed ? 200 : 403);
        const list = (await t.app.inject({ url: '/api/reports', headers: c.headers })).json() as { items: { code: string }[] };
        expect(list.items.some((r) => r.code === c.report), `${c.who} lists ${c.report}`).toBe(c.allowed);
      }
    }
    expect((await t.app.inject({ url: '/api/reports' })).statusCode).toBe(401);
    expect((await run('sales/daily', MARCH, {})).statusCode).toBe(401);
    // The reader in tenant 1 sees only tenant 1's documents: the run is the same as the admin's there.
    expect((await run('sales/daily', MARCH, oneTenantReader)).json().totals).toEqual((await run('sales/daily', MARCH)).json().totals);
  });

  it('the definition route answers the form: parameters with resolved date defaults, columns, chart and drill-down', async () => {
    const answer = await t.app.inject({ url: '/api/reports/sales/daily', headers: admin });
    expect(answer.statusCode).toBe(200);
    const def = answer.json();
    expect(def.title.ar).toBe('المبيعات اليومية');
    const range = def.parameters.find((p: { kind: string }) => p.kind === 'dateRange');
    expect(range.default.to).toBe(new Date().toISOString().slice(0, 10));
    expect(def.columns.find((c: { name: string }) => c.name === 'total')).toMatchObject({ type: 'money', role: 'measure', aggregate: 'sum' });
    expect(def.chart).toEqual({ type: 'bar', x: 'day', y: ['total'] });
    expect(def).not.toHaveProperty('sql');
    expect((await t.app.inject({ url: '/api/reports/sales/nothing', headers: admin })).statusCode).toBe(404);
  });

  it('needs a body, as the document says: none is a 400, {} runs on the defaults', async () => {
    const bare = await t.app.inject({ method: 'POST', url: '/api/reports/sales/daily/run', headers: admin });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().message).toBe('body must be object');
    expect((await run('sales/daily', {})).statusCode).toBe(200);
    expect((operationOf(REPORT_RUN_ROUTE_SCHEMA).requestBody as { required: boolean }).required).toBe(true);
  });

  it('refuses bad parameters with 400 naming the member, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ from: '2026-02-30' }, 'body/from'],
      [{ from: '2026-03-10', to: '2026-03-01' }, 'body/to'],
      [{ grouping: 'year' }, 'body/grouping'],
      [{ grouping: 'hour' }, 'grouping'],
      [{ color: 'red' }, 'color'],
      [{ from: '2000-01-01', to: '2026-01-01' }, 'narrow'],
      [{ location: 'x' }, 'location'],
    ];
    for (const [body, says] of cases) {
      const answer = await run('sales/daily', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toContain(says);
    }
    const noGrouping = await run('sales/articles', { grouping: 'day' });
    expect(noGrouping.statusCode).toBe(400);
    expect(noGrouping.json().message).toContain('no grouping parameter');
    expect((await run('Sales/daily', {})).statusCode).toBe(400);
  });

  it('a report-engine record references a report definition by code; an unknown code is refused', async () => {
    const create = (definition: string) =>
      t.app.inject({ method: 'POST', url: '/api/data/pos-preferences/report-engine', headers: admin, payload: { Code: `R-${definition.replace(/\W/g, '')}`, Name: 'Daily', Category: 'Sales', OutputFormat: 'Grid', Query: { Source: 'documents' }, Definition: definition } });
    const refused = await create('sales/nothing');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors.Definition?.[0], refused.body).toContain("no report 'sales/nothing'; expected one of");
    expect((await t.database.db.query('select 1 from e_pos_preferences_report_engine')).rowCount).toBe(0);
    const stored = await create('sales/daily');
    expect(stored.statusCode, stored.body).toBe(201);
  });

  it('reportRowBatches yields every row in order, in batches, past the row cap', async () => {
    const catalogue = await loadReportCatalogue();
    const daily = catalogue.find('sales', 'daily')!;
    const capped = { ...daily, compiled: { ...daily.compiled, maxRows: 2 } };
    const context = { userOid: 1, username: 'x', tenantOids: [1], tenantOid: 1, locationOid: undefined, terminalOid: undefined, can: () => true };
    const authorized = authorizeRun(capped, MARCH, context, new Date());
    const whole = await runReport(t.database.db, { ...authorized, report: daily });
    const batches: unknown[][] = [];
    for await (const batch of reportRowBatches(t.database.db, authorized, 3)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([3, 1]);
    expect(batches.flat()).toEqual(whole.rows);
    const cut = await runReport(t.database.db, authorized);
    expect(cut.truncated).toBe(true);
    expect(cut.rows).toHaveLength(2);
    expect(cut.message).toContain('more than 2 rows');
    expect(cut.totals).toEqual(whole.totals);
  });
});
