import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministratorRole } from '../identity/administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { encodeScopeValue } from '../identity/scope-headers';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { insertTestDocument, type TestDocument } from '../reports/report-test-documents';
import { hostileRequestsFor, type RouteTarget } from '../test-support/hostile-requests';
import { SAMPLE_COLUMNS } from './export-test-rows';
import { pipeExport, REPORT_EXPORT_QUERY, TOTAL_ROWS_HEADER } from './report-export-routes';

// Issue 16: GET /api/reports/{group}/{type}/export.{csv|xlsx|pdf} streams a report's result; a product name that
// starts like a formula comes out escaped; the same rights as a run (Read on the report's path in the tenant).
const FORMULA = '=HYPERLINK("http://x","y")';
const run = promisify(execFile);

async function fill(t: IdentityTestApp) {
  const db = t.database.db;
  const location = async (tenant: number, name: string) =>
    Number((await db.query<{ oid: string }>(`insert into e_tenancy_location ("TenantOid", "Id", "Name") values ($1, $2, $2) returning "Oid" as oid`, [tenant, name])).rows[0]!.oid);
  const terminal = async (tenant: number, number: number, loc: number) =>
    Number((await db.query<{ oid: string }>(`insert into e_tenancy_pos_terminal ("TenantOid", "TerminalNumber", "Name", "LocationOid") values ($1, $2, $3, $4) returning "Oid" as oid`, [tenant, number, `POS ${number}`, loc])).rows[0]!.oid);
  const berlin = await location(1, 'Berlin');
  const other = await location(2, 'Elsewhere');
  const pos = await terminal(1, 1, berlin);
  const otherPos = await terminal(2, 2, other);
  await db.query(`insert into e_pos_supply_article ("TenantOid", "ArticleNumber", "Text", "ProductGroup", "RetailPrice") values (1, 'A1', $1, 'Fruit', 1.5), (1, 'B1', 'Bread', 'Bakery', 3)`, [FORMULA]);
  const sale = (day: string, lines: TestDocument['lines'], extra: Partial<TestDocument> = {}): TestDocument => ({
    tenantOid: 1,
    terminalOid: pos,
    locationOid: berlin,
    kind: 'sale',
    createdAt: `${day}T10:00:00Z`,
    operator: 'anna',
    lines,
    payments: [{ method: 'cash', amount: lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0) }],
    ...extra,
  });
  const docs: TestDocument[] = [
    sale('2026-03-02', [{ articleNumber: 'A1', text: FORMULA, quantity: 2, unitPrice: 1.5, taxRate: 7 }, { articleNumber: 'B1', text: '-Bread', quantity: 1, unitPrice: 3, taxRate: 19 }]),
    sale('2026-03-03', [{ articleNumber: 'B1', text: '-Bread', quantity: 4, unitPrice: 3, taxRate: 19 }]),
    { ...sale('2026-03-04', [{ articleNumber: 'B1', text: '-Bread', quantity: 1, unitPrice: 3, taxRate: 19 }]), kind: 'return', payments: [{ method: 'cash', amount: -3 }] },
    { ...sale('2026-03-03', [{ articleNumber: 'B1', text: 'Other', quantity: 9, unitPrice: 3, taxRate: 19 }]), tenantOid: 2, terminalOid: otherPos, locationOid: other },
  ];
  for (const doc of docs) await insertTestDocument(db, doc);
}

describe('GET /api/reports/{group}/{type}/export.{format}', () => {
  let t: IdentityTestApp;
  let dir: string;
  let admin: Record<string, string>;
  let oneTenantReader: Record<string, string>;
  let noRights: Record<string, string>;
  let exporter: Record<string, string>;

  beforeAll(async () => {
    t = await createIdentityTestApp();
    await fill(t);
    dir = await mkdtemp(join(tmpdir(), 'mate-export-'));
    await addUser(t.database, 'admin', 'admin-password-1', [1, 2]);
    await ensureAdministratorRole(t.database.db);
    const readerOid = await addUser(t.database, 'reader', 'reader-password-1', [1, 2]);
    const role = await createRole(t.database.db, 'Article sales reader');
    await setPermission(t.database.db, { subject: { roleOid: role }, path: '/report/sales/articles', tenantOid: null, action: 'Read', allowed: true });
    // Held in tenant 1 only: Read there, not in tenant 2.
    await setUserRoles(t.database.db, readerOid, [{ roleOid: role, tenantOid: 1 }]);
    const exporterOid = await addUser(t.database, 'exporter', 'exporter-password-1', [1, 2]);
    const exportRole = await createRole(t.database.db, 'Article sales exporter');
    await setPermission(t.database.db, { subject: { roleOid: exportRole }, path: '/report/export/sales/articles', tenantOid: null, action: 'Read', allowed: true });
    await setUserRoles(t.database.db, exporterOid, [{ roleOid: exportRole, tenantOid: 1 }]);
    await addUser(t.database, 'nobody', 'nobody-password-1', [1]);
    admin = { authorization: `Bearer ${await signInToken(t.app, 'admin', 'admin-password-1')}`, 'x-mate-tenant': encodeScopeValue(1) };
    oneTenantReader = { authorization: `Bearer ${await signInToken(t.app, 'reader', 'reader-password-1')}`, 'x-mate-tenant': encodeScopeValue(1) };
    exporter = { authorization: `Bearer ${await signInToken(t.app, 'exporter', 'exporter-password-1')}`, 'x-mate-tenant': encodeScopeValue(1) };
    noRights = { authorization: `Bearer ${await signInToken(t.app, 'nobody', 'nobody-password-1')}` };
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const MARCH = 'from=2026-03-01&to=2026-03-31';
  const get = (path: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/reports/${path}`, headers });

  it('CSV: the rows of a run, titled, the product name that starts like a formula escaped, the totals last', async () => {
    const answer = await get(`sales/articles/export.csv?${MARCH}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="sales-articles_2026-03-01_2026-03-31.csv"');
    expect(answer.headers[TOTAL_ROWS_HEADER]).toBe('2');
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = Papa.parse<string[]>(answer.body.slice(1), { skipEmptyLines: true }).data;
    expect(header).toEqual(['Article number', 'Article', 'Quantity', 'Sales', 'Receipts']);
    expect(rows).toHaveLength(3);
    const apple = rows.find((row) => row[0] === 'A1')!;
    expect(apple[1]).toBe(`'${FORMULA}`);
    expect(answer.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(rows.find((row) => row[0] === 'B1')![1]).toBe(`'-Bread`);
    // The run's totals, as the report route computes them.
    const totals = (await t.app.inject({ method: 'POST', url: '/api/reports/sales/articles/run', headers: admin, payload: { from: '2026-03-01', to: '2026-03-31' } })).json().totals;
    expect(rows.at(-1)).toEqual(['', '', String(totals.quantity), String(totals.amount), String(totals.receipts)]);
  });

  it('CSV: a return stays a negative number, not escaped text; titles follow lang', async () => {
    const answer = await get(`sales/returns/export.csv?${MARCH}&lang=de`);
    expect(answer.statusCode, answer.body).toBe(200);
    const text = answer.body.slice(1);
    expect(text).toMatch(/-3(\.0+)?(,|\r\n)/);
    expect(text).not.toContain(`'-3`);
    const articles = await get(`sales/articles/export.csv?${MARCH}&lang=de`);
    expect(articles.body.slice(1).split('\r\n')[0]).toBe('Artikelnummer,Artikel,Menge,Umsatz,Belege');
  });

  it('XLSX: typed cells, the formula-like name escaped text, read back by exceljs', async () => {
    const answer = await get(`sales/articles/export.xlsx?${MARCH}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toContain('sales-articles_2026-03-01_2026-03-31.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Sales per article');
    const rows = [2, 3].map((n) => sheet.getRow(n));
    const apple = rows.find((row) => row.getCell(1).value === 'A1')!;
    expect(apple.getCell(2).value).toBe(`'${FORMULA}`);
    expect(apple.getCell(2).formula).toBeUndefined();
    expect(apple.getCell(3).value).toBe(2);
    expect(apple.getCell(4).value).toBe(3);
    expect(sheet.getRow(4).font?.bold).toBe(true);
  });

  it('PDF: the report as poppler reads it, the name shown as it is', async () => {
    const answer = await get(`sales/articles/export.pdf?${MARCH}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers[TOTAL_ROWS_HEADER]).toBe('2');
    expect(answer.headers['x-export-capped']).toBeUndefined();
    const file = join(dir, 'articles.pdf');
    await writeFile(file, answer.rawPayload);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    expect(stdout).toContain('Sales per article');
    expect(stdout).toContain(FORMULA);
    expect(stdout).toMatch(/Total/);
  });

  it('refuses before the file begins, with the error body: unknown report, format or parameter, a bad date', async () => {
    const cases: [string, number, RegExp][] = [
      ['sales/nothing/export.csv', 404, /no report 'sales\/nothing'/],
      ['sales/articles/export.doc', 400, /format/],
      [`sales/articles/export.csv?${MARCH}&form=1`, 400, /querystring\/form: unknown parameter/],
      ['sales/articles/export.csv?from=2026-02-30', 400, /from must be a calendar date/],
      ['sales/articles/export.csv?from=2026-03-05&to=2026-03-01', 400, /before/],
      ['sales/articles/export.csv?grouping=month', 400, /no grouping parameter/],
    ];
    for (const [path, status, message] of cases) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(status);
      expect(answer.headers['content-type'], path).toMatch(/^application\/json/);
      expect(answer.json().message, path).toMatch(message);
    }
  });

  it('permission matrix: Read on the report path or the export page path in the tenant, for every format', async () => {
    const tenant2 = (headers: Record<string, string>) => ({ ...headers, 'x-mate-tenant': encodeScopeValue(2) });
    const cases = [
      { who: 'admin, tenant 1', headers: admin, report: 'sales/articles', query: '', status: 200 },
      { who: 'admin, tenant 2', headers: tenant2(admin), report: 'sales/articles', query: '', status: 200 },
      { who: 'reader in tenant 1', headers: oneTenantReader, report: 'sales/articles', query: '', status: 200 },
      { who: 'reader in tenant 1, another report', headers: oneTenantReader, report: 'sales/daily', query: '', status: 403 },
      { who: 'reader in tenant 2 (role held in 1 only)', headers: tenant2(oneTenantReader), report: 'sales/articles', query: '', status: 403 },
      { who: 'reader asking for tenant 2', headers: oneTenantReader, report: 'sales/articles', query: '&tenant=2', status: 403 },
      { who: 'reader asking for a tenant not theirs', headers: oneTenantReader, report: 'sales/articles', query: '&tenant=99', status: 403 },
      { who: 'export page reader in tenant 1', headers: exporter, report: 'sales/articles', query: '', status: 200 },
      { who: 'export page reader in tenant 2 (role held in 1 only)', headers: tenant2(exporter), report: 'sales/articles', query: '', status: 403 },
      { who: 'export page reader, another report', headers: exporter, report: 'sales/daily', query: '', status: 403 },
      { who: 'a user without rights', headers: noRights, report: 'sales/articles', query: '', status: 403 },
      { who: 'anonymous', headers: {}, report: 'sales/articles', query: '', status: 401 },
    ];
    for (const format of ['csv', 'xlsx', 'pdf']) {
      for (const c of cases) {
        const answer = await get(`${c.report}/export.${format}?${MARCH}${c.query}`, c.headers);
        expect(answer.statusCode, `${c.who}, ${format}: ${answer.statusCode === 200 ? '' : answer.body}`).toBe(c.status);
        if (c.status !== 200) expect(answer.json().message).toBeTruthy();
      }
    }
    // Tenant 2's export holds tenant 2's documents only.
    const other = await get(`sales/articles/export.csv?${MARCH}`, tenant2(admin));
    expect(other.body).toContain('Other');
    expect(other.body).not.toContain('Bread');
  });

  it('a failure after the file began: the CSV ends with a line saying so, and the stream errors (the connection is cut)', async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    const ended = new Promise<Error | undefined>((resolve) => {
      out.on('error', resolve);
      out.on('end', () => resolve(undefined));
    });
    const failures: number[] = [];
    pipeExport(
      'csv',
      {
        title: 'x',
        locale: 'en',
        columns: SAMPLE_COLUMNS,
        rows: (async function* () {
          yield [{ name: 'first' }, { name: 'second' }];
          throw new Error('the database went away');
        })(),
      },
      out,
      (_error, rows) => failures.push(rows),
    );
    const error = await ended;
    expect(error?.message).toBe('the database went away');
    expect(failures).toEqual([2]);
    const lines = chunks.join('').split('\r\n');
    expect(lines[1]).toContain('first');
    expect(lines.at(-2)).toBe('!! The export failed after 2 rows; this file is incomplete.');
  });

  it('hostile requests (path, query, headers; anonymous and signed in): never a 5xx, always the error shape', async () => {
    const query = Object.keys(REPORT_EXPORT_QUERY.properties);
    // The generic path, and real reports and formats so that hostile queries get past the 404 to the checks.
    const targets: RouteTarget[] = ['/api/reports/{group}/{type}/export.{format}', '/api/reports/sales/articles/export.csv', '/api/reports/sales/daily/export.xlsx', '/api/reports/sales/returns/export.pdf'].map((path) => ({ method: 'GET', path, query }));
    const world = { targets, callers: [undefined, admin.authorization, admin.authorization, oneTenantReader.authorization] };
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(hostileRequestsFor(target, world, ['from', 'to']), async (request) => {
          const answer = await t.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
          const what = `${request.method} ${request.url.slice(0, 300)} -> ${answer.statusCode} ${answer.body.slice(0, 300)}`;
          expect(answer.statusCode, what).toBeLessThan(500);
          if (answer.statusCode >= 400) {
            expect(answer.headers['content-type'], what).toMatch(/^application\/json/);
            expect(answer.json().status, what).toBe(answer.statusCode);
          }
        }),
        { numRuns: Number(process.env.MATE_FUZZ_RUNS ?? 25), seed: process.env.CI ? 20261124 : undefined, endOnFailure: true },
      );
    }
  }, 300_000);
});
