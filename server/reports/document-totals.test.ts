import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../data/catalogue';
import { quoteIdent as q } from '../data/sql-names';
import type { HubInstance } from '../hub/hub-test-app';
import { builtInCatalogue, createIdentityTestDatabase } from '../identity/identity-test-app';
import { terminalTables } from '../jobs/built-in/terminal-tables';
import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import type { TestDatabase } from '../test-support/test-database';
import { listUnprocessedDocuments, processDocument } from '../terminals/terminal-document-processing';
import { sampleReceipt, startTerminalInstance, terminalAuthorization } from '../terminals/terminal-test-app';
import { recomputedArticleTotals, storedArticleTotals } from './article-totals';
import { compileReport } from './compile-report';
import { recomputedDocumentTotals, rebuildDocumentTotals, storedDocumentTotals } from './document-totals';
import { loadReportCatalogue, type ReportCatalogue } from './report-catalogue';
import { runReport, type AuthorizedRun } from './report-runner';

// Issue 16: intake books a document into the pre-aggregated totals in the transaction that stores it, and the totals
// always equal a recomputation from the raw documents: after sales, returns and cancellations, after a resend, after
// reprocessing, and when documents are handed in at once into the same row (PostgreSQL runs them concurrently).
describe('the reports\' pre-aggregated totals', () => {
  let database: TestDatabase;
  let catalogue: Catalogue;
  let reports: ReportCatalogue;
  let instance: HubInstance;
  let tenantDe: number;
  let terminalKey: string;
  let article: { number: string; oid: number };
  let articleTable: string;

  const post = (body: unknown) =>
    instance.app.inject({ method: 'POST', url: '/api/terminals/receipts', headers: { authorization: terminalAuthorization(terminalKey, DEMO_TERMINAL_SECRET) }, payload: body as object });
  const receipt = (overrides: Record<string, unknown> = {}): Record<string, unknown> & { id: string } => {
    const id = randomUUID();
    return { ...sampleReceipt(id), createdAt: '2026-03-02T10:00:00.000Z', ...overrides, id };
  };
  const expectTotalsMatchDocuments = async () => {
    expect(await storedDocumentTotals(database.db, tenantDe)).toEqual(await recomputedDocumentTotals(database.db, tenantDe));
    // Issue 22: the sales per article are booked beside them (article-totals.ts).
    expect(await storedArticleTotals(database.db, tenantDe)).toEqual(await recomputedArticleTotals(database.db, tenantDe));
  };

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    catalogue = await builtInCatalogue();
    reports = await loadReportCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 3, documentDays: 90, documentsUntil: new Date('2026-03-31T00:00:00Z') });
    const tenants = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    tenantDe = Number(tenants.rows.find((t) => t.Id === 'MATE-DE')!.Oid);
    terminalKey = (await database.db.query<{ terminal_key: string }>('select terminal_key from mate_terminal_credential where tenant_oid = $1 order by terminal_key limit 1', [tenantDe])).rows[0]!.terminal_key;
    articleTable = catalogue.find('pos-supply', 'article')!.table;
    const found = await database.db.query<{ Oid: string; ArticleNumber: string }>(`select "Oid", "ArticleNumber" from ${q(articleTable)} where "TenantOid" = $1 order by "Oid" limit 1`, [tenantDe]);
    article = { oid: Number(found.rows[0]!.Oid), number: found.rows[0]!.ArticleNumber };
    await database.db.query('update mate_job_schedule set enabled = false');
    instance = await startTerminalInstance(database);
  }, 180_000);
  afterAll(async () => {
    await instance?.close();
    await database?.drop();
  });

  it('the demo data is booked: its processed documents are in the totals', async () => {
    const documents = await database.db.query<{ n: number }>('select count(*)::int as n from mate_terminal_document where tenant_oid = $1 and processed_at is not null', [tenantDe]);
    const booked = await database.db.query<{ n: number }>("select coalesce(sum(documents), 0)::int as n from mate_document_total where tenant_oid = $1 and facet = 'document'", [tenantDe]);
    expect(documents.rows[0]!.n).toBeGreaterThan(100);
    expect(booked.rows[0]!.n).toBe(documents.rows[0]!.n);
    await expectTotalsMatchDocuments();
  });

  it('intake adds a sale, a return and a cancellation to the totals at once; a resend changes nothing; an unfit document waits for reprocessing', async () => {
    const sale = receipt();
    expect((await post(sale)).statusCode).toBe(201);
    const line = { text: 'Kaffee Crema 1 kg', quantity: -1, unitPrice: 14.99, amount: -14.99, taxRate: 19 };
    const giveBack = receipt({ kind: 'return', references: sale.id, lines: [line], payments: [{ method: 'card', amount: -14.99 }], total: -14.99, createdAt: '2026-03-02T11:00:00.000Z' });
    const cancel = receipt({ kind: 'cancellation', references: sale.id, lines: [line], payments: [{ method: 'cash', amount: -14.99 }], total: -14.99, createdAt: '2026-03-02T12:00:00.000Z' });
    expect((await post(giveBack)).statusCode).toBe(201);
    expect((await post(cancel)).statusCode).toBe(201);
    await expectTotalsMatchDocuments();
    const day = async () => (await database.db.query<{ kind: string; documents: number; amount: string }>(
      "select kind, sum(documents)::int as documents, sum(amount)::text as amount from mate_document_total where tenant_oid = $1 and day = '2026-03-02' and facet = 'document' group by kind order by kind", [tenantDe],
    )).rows;
    const before = await day();
    expect(before.find((row) => row.kind === 'return')).toMatchObject({ amount: expect.stringMatching(/^-/) });

    // A resent document is not stored twice, so not counted twice.
    expect((await post(giveBack)).json()).toMatchObject({ id: giveBack.id, stored: false });
    expect(await day()).toEqual(before);

    // A document naming an unknown article is stored but not booked; reprocessing after the fix books it.
    const unknown = `ZZ-${Date.now()}`;
    const unfit = receipt({ lines: [{ articleNumber: unknown, text: 'New', quantity: 1, unitPrice: 2.5, amount: 2.5, taxRate: 19 }], payments: [{ method: 'cash', amount: 2.5 }], total: 2.5 });
    expect((await post(unfit)).json()).toMatchObject({ stored: true, unprocessed: expect.any(String) });
    expect(await day()).toEqual(before);
    await expectTotalsMatchDocuments();
    await database.db.query(`update ${q(articleTable)} set "ArticleNumber" = $2 where "Oid" = $1`, [article.oid, unknown]);
    try {
      const tables = terminalTables(catalogue);
      const waiting = (await listUnprocessedDocuments(database.db, tenantDe)).find((document) => document.documentId === unfit.id)!;
      expect(await database.db.transaction((tx) => processDocument(tx, tables, waiting.oid, Date.now()))).toEqual({ processed: true });
    } finally {
      await database.db.query(`update ${q(articleTable)} set "ArticleNumber" = $2 where "Oid" = $1`, [article.oid, article.number]);
    }
    const sales = (await day()).find((row) => row.kind === 'sale')!;
    expect(Number(sales.amount)).toBeCloseTo(Number(before.find((row) => row.kind === 'sale')!.amount) + 2.5, 4);
    await expectTotalsMatchDocuments();
  });

  it('documents handed in at once into the same row are all counted (concurrent upserts on PostgreSQL)', async () => {
    const createdAt = '2026-03-03T09:30:00.000Z';
    const documents = Array.from({ length: 8 }, () => receipt({ createdAt }));
    const answers = await Promise.all(documents.map((document) => post(document)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(documents.map(() => 201));
    const row = await database.db.query<{ documents: number }>(
      "select sum(documents)::int as documents from mate_document_total where tenant_oid = $1 and day = '2026-03-03' and facet = 'document' and kind = 'sale'", [tenantDe],
    );
    const raw = await database.db.query<{ n: number }>(
      "select count(*)::int as n from mate_terminal_document where tenant_oid = $1 and processed_at is not null and kind = 'sale' and created_at >= '2026-03-03' and created_at < '2026-03-04'", [tenantDe],
    );
    expect(row.rows[0]!.documents).toBe(raw.rows[0]!.n);
    await expectTotalsMatchDocuments();
  });

  it('every shipped report reads the same figures from the totals as from the raw documents, in one statement', async () => {
    const runs = [
      { from: '2026-01-01', to: '2026-12-31', grouping: 'day' as const },
      { from: '2025-06-01', to: '2026-12-31', grouping: 'month' as const },
      { from: '2026-02-01', to: '2026-03-31', grouping: 'week' as const },
    ];
    const location = Number((await database.db.query<{ location_oid: string }>('select location_oid from mate_terminal_document where tenant_oid = $1 and location_oid is not null limit 1', [tenantDe])).rows[0]!.location_oid);
    let fromTotals = 0;
    for (const report of reports.reports) {
      if (report.compiled.fromTotals) fromTotals++;
      const raw = { ...report, compiled: compileReport(report.definition, { totals: false }) };
      for (const { from, to, grouping } of runs) {
        for (const locationOid of [undefined, location]) {
          const run: AuthorizedRun['run'] = { tenantOid: tenantDe, fromInstant: `${from}T00:00:00.000Z`, toInstant: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString(), grouping, ...(locationOid ? { locationOid } : {}) };
          const parameters = { tenant: tenantDe, from, to };
          const viaTotals = await runReport(database.db, { report, run, parameters });
          const viaDocuments = await runReport(database.db, { report: raw, run, parameters });
          expect(viaTotals, `${report.code} ${from}..${to} by ${grouping}${locationOid ? ' at a location' : ''}`).toEqual(viaDocuments);
        }
      }
    }
    // Daily sales, returns, tax per rate, payments per type, sales per article and per product group read the totals.
    expect(fromTotals).toBeGreaterThanOrEqual(6);
    expect(reports.find('sales', 'articles')!.compiled.fromTotals).toBe(true);
  });

  it('a rebuild (what migration 640 backfills with) gives the same totals as booking one by one', async () => {
    const booked = await storedDocumentTotals(database.db, tenantDe);
    await rebuildDocumentTotals(database.db, tenantDe);
    expect(await storedDocumentTotals(database.db, tenantDe)).toEqual(booked);
  });
});
