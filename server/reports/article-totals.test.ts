import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDefinition } from '../../schemas';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/identity-test-app';
import { rebuildArticleTotals, recomputedArticleMonthTotals, recomputedArticleTotals, storedArticleMonthTotals, storedArticleTotals } from './article-totals';
import { compileReport, wholeMonths } from './compile-report';
import { loadReportCatalogue, type ReportEntry } from './report-catalogue';
import { runReport, type AuthorizedRun } from './report-runner';
import { insertTestDocument, type TestDocument } from './report-test-documents';

// Issue 22: sales per article read their pre-aggregated totals (mate_article_total), booked with each document, and
// answer what the raw lines answer: the same rows, quantities, amounts and receipts (a receipt counted once per
// article and once in the total), for returns and cancellations, unprocessed documents, two tenants with the same
// article numbers, a renamed article, a line without article, and ranges whose edge splits a UTC day.
describe('the sales per article over their pre-aggregated totals', () => {
  let t: IdentityTestApp;
  let articles: ReportEntry;
  let productGroups: ReportEntry;
  let berlin: number;

  beforeAll(async () => {
    t = await createIdentityTestApp();
    const db = t.database.db;
    const catalogue = await loadReportCatalogue();
    articles = catalogue.find('sales', 'articles')!;
    productGroups = catalogue.find('sales', 'product-groups')!;
    const location = async (tenant: number, name: string, zone: string) =>
      Number((await db.query<{ oid: string }>(`insert into e_tenancy_location ("TenantOid", "Id", "Name", "TimeZone") values ($1, $2, $2, $3) returning "Oid" as oid`, [tenant, name, zone])).rows[0]!.oid);
    const terminal = async (tenant: number, number: number, loc: number) =>
      Number((await db.query<{ oid: string }>(`insert into e_tenancy_pos_terminal ("TenantOid", "TerminalNumber", "Name", "LocationOid") values ($1, $2, $3, $4) returning "Oid" as oid`, [tenant, number, `POS ${number}`, loc])).rows[0]!.oid);
    berlin = await location(1, 'Berlin', 'Europe/Berlin');
    const tokyo = await location(1, 'Tokyo', 'Asia/Tokyo');
    const elsewhere = await location(2, 'Elsewhere', 'UTC');
    const at = { berlin: { terminalOid: await terminal(1, 1, berlin), locationOid: berlin }, tokyo: { terminalOid: await terminal(1, 2, tokyo), locationOid: tokyo } };
    const other = { terminalOid: await terminal(2, 3, elsewhere), locationOid: elsewhere };
    await db.query(`insert into e_pos_supply_article ("TenantOid", "ArticleNumber", "Text", "ProductGroup", "RetailPrice") values (1, 'A1', 'Apple', 'Fruit', 1.5), (1, 'B1', 'Bread', 'Bakery', 3), (2, 'A1', 'Apfel', 'Obst', 1.5)`);
    const apple = (quantity: number, text = 'Apple') => ({ articleNumber: 'A1', text, quantity, unitPrice: 1.5, taxRate: 7 });
    const bread = (quantity: number) => ({ articleNumber: 'B1', text: 'Bread', quantity, unitPrice: 3, taxRate: 19 });
    const doc = (where: { terminalOid: number; locationOid: number }, createdAt: string, lines: TestDocument['lines'], extra: Partial<TestDocument> = {}): TestDocument => ({
      tenantOid: 1, ...where, kind: 'sale', createdAt, lines, payments: [{ method: 'cash', amount: lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0) }], ...extra,
    });
    const docs: TestDocument[] = [
      // The same article on two lines of one receipt: one receipt, both quantities.
      doc(at.berlin, '2026-03-02T10:00:00Z', [apple(2), bread(1), apple(1)]),
      doc(at.berlin, '2026-03-02T11:00:00Z', [bread(3)]),
      // Renamed on the terminal: the report groups by number and text, so a row of its own.
      doc(at.tokyo, '2026-03-05T01:00:00Z', [apple(4, 'Apple (organic)'), bread(2)]),
      // A line without an article number.
      doc(at.tokyo, '2026-03-06T02:00:00Z', [{ articleNumber: null, text: 'Service', quantity: 1, unitPrice: 5, taxRate: 19 }, apple(1)]),
      // Returns and cancellations: negative quantities and amounts.
      doc(at.berlin, '2026-03-07T09:00:00Z', [apple(1), bread(2)], { kind: 'return' }),
      doc(at.tokyo, '2026-03-08T09:00:00Z', [bread(1)], { kind: 'cancellation' }),
      // Range edges: 23:30 UTC on the last of February is 1 March in Berlin; 16:00 UTC on 31 March is 1 April in Tokyo.
      doc(at.berlin, '2026-02-28T23:30:00Z', [bread(5)]),
      doc(at.tokyo, '2026-03-31T16:00:00Z', [apple(7)]),
      doc(at.tokyo, '2026-03-31T14:00:00Z', [apple(6), bread(6)]),
      // Other months, for the month roll-up: 23:30 UTC on 31 December 2025 is 1 January in Berlin.
      doc(at.berlin, '2025-12-31T23:30:00Z', [apple(1), bread(1)]),
      doc(at.berlin, '2025-12-20T10:00:00Z', [apple(9)]),
      doc(at.berlin, '2026-01-15T10:00:00Z', [apple(3), bread(1), apple(2)]),
      doc(at.tokyo, '2026-01-16T03:00:00Z', [apple(3, 'Apple (organic)')]),
      doc(at.tokyo, '2026-02-10T03:00:00Z', [bread(2)]),
      doc(at.berlin, '2026-02-11T10:00:00Z', [bread(1), apple(1)], { kind: 'return' }),
      doc(at.berlin, '2026-04-20T10:00:00Z', [apple(2), bread(4)]),
      doc(at.tokyo, '2026-04-21T03:00:00Z', [{ articleNumber: null, text: 'Service', quantity: 2, unitPrice: 5, taxRate: 19 }]),
      // Not counted: unprocessed; another tenant's with the same article number.
      doc(at.berlin, '2026-03-03T10:00:00Z', [bread(50)], { processed: false }),
      doc(other, '2026-03-03T10:00:00Z', [apple(40, 'Apfel')], { tenantOid: 2 }),
    ];
    for (const document of docs) await insertTestDocument(db, document);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const run = (tenantOid: number, from: string, to: string, locationOid?: number): AuthorizedRun['run'] => ({
    tenantOid,
    fromInstant: `${from}T00:00:00.000Z`,
    toInstant: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString(),
    grouping: 'day',
    ...(locationOid === undefined ? {} : { locationOid }),
  });
  const both = async (report: ReportEntry, resolved: AuthorizedRun['run']) => {
    const parameters = { tenant: resolved.tenantOid, from: resolved.fromInstant!.slice(0, 10) };
    const raw = { ...report, compiled: compileReport(report.definition, { totals: false }) };
    return { viaTotals: await runReport(t.database.db, { report, run: resolved, parameters }), viaLines: await runReport(t.database.db, { report: raw, run: resolved, parameters }) };
  };
  const entry = (definition: ReportDefinition): ReportEntry => ({ ...articles, definition, compiled: compileReport(definition) });

  it('reads the totals and gives what the raw lines give: rows, receipts per article, the total of receipts', async () => {
    expect(articles.compiled.fromTotals).toBe(true);
    const { viaTotals, viaLines } = await both(articles, run(1, '2026-03-01', '2026-03-31'));
    expect(viaTotals).toEqual(viaLines);
    // Worked out by hand: Berlin's 1 March (from 28 February UTC) counts, Tokyo's 1 April (31 March UTC) does not.
    expect(viaTotals.rows).toEqual([
      { articleNumber: 'B1', articleText: 'Bread', quantity: 17, amount: 51, receipts: 5 },
      { articleNumber: 'A1', articleText: 'Apple', quantity: 10, amount: 15, receipts: 3 },
      { articleNumber: 'A1', articleText: 'Apple (organic)', quantity: 4, amount: 6, receipts: 1 },
      { articleNumber: null, articleText: 'Service', quantity: 1, amount: 5, receipts: 1 },
    ]);
    // Six receipts in range, not one per article on them (which would be ten).
    expect(viaTotals.totals).toMatchObject({ quantity: 32, amount: 77, receipts: 6 });
  });

  it('matches the raw lines at every range edge, per location, per tenant, with returns and for product groups', async () => {
    const withReturns = entry({ ...articles.definition, kinds: ['sale', 'return', 'cancellation'] });
    // A date dimension and no article one: receipts per day come from the once-per-document count.
    const perDay = entry({ ...articles.definition, columns: [{ name: 'day', title: articles.definition.title, field: 'date' }, ...articles.definition.columns.slice(2)], sort: [{ column: 'day', direction: 'asc' }] });
    expect(withReturns.compiled.fromTotals).toBe(true);
    expect(perDay.compiled.fromTotals).toBe(true);
    expect(productGroups.compiled.fromTotals).toBe(true);
    const runs = [
      run(1, '2026-03-01', '2026-03-31'),
      run(1, '2026-03-01', '2026-03-01'),
      run(1, '2026-03-31', '2026-04-01'),
      run(1, '2026-02-28', '2026-02-28'),
      run(1, '2026-03-01', '2026-03-31', berlin),
      run(2, '2026-03-01', '2026-03-31'),
      run(1, '2026-01-01', '2026-12-31'),
    ];
    for (const report of [articles, withReturns, perDay, productGroups]) {
      for (const resolved of runs) {
        const { viaTotals, viaLines } = await both(report, resolved);
        expect(viaTotals, `${report.definition.kinds?.join('+')} ${report.definition.columns[0]!.name} ${JSON.stringify(resolved)}`).toEqual(viaLines);
      }
    }
    const returns = (await both(withReturns, run(1, '2026-03-07', '2026-03-08'))).viaTotals;
    expect(returns.rows).toEqual([
      { articleNumber: 'A1', articleText: 'Apple', quantity: -1, amount: -1.5, receipts: 1 },
      { articleNumber: 'B1', articleText: 'Bread', quantity: -3, amount: -9, receipts: 2 },
    ]);
  });

  it('reads whole months from the month roll-up and gives what the raw lines give over ranges that cut months', async () => {
    const withReturns = entry({ ...articles.definition, kinds: ['sale', 'return', 'cancellation'] });
    const perDay = entry({ ...articles.definition, columns: [{ name: 'day', title: articles.definition.title, field: 'date' }, ...articles.definition.columns.slice(2)], sort: [{ column: 'day', direction: 'asc' }] });
    const cutting = [
      run(1, '2025-12-15', '2026-04-25'),
      run(1, '2026-01-01', '2026-03-31'),
      run(1, '2026-01-02', '2026-04-30'),
      run(1, '2025-12-01', '2026-12-31'),
      run(1, '2026-02-28', '2026-04-01'),
      run(2, '2026-01-01', '2026-03-31'),
    ];
    const readsMonths = (report: ReportEntry, resolved: AuthorizedRun['run']) => report.compiled.summary(resolved, 10)!.sql.includes('mate_article_month_total');
    for (const report of [articles, withReturns, productGroups]) {
      for (const resolved of cutting) {
        expect(readsMonths(report, resolved)).toBe(true);
        const { viaTotals, viaLines } = await both(report, resolved);
        expect(viaTotals, `${report.definition.kinds?.join('+')} ${report.definition.columns[0]!.name} ${JSON.stringify(resolved)}`).toEqual(viaLines);
        expect(viaTotals.rows.length).toBeGreaterThan(0);
      }
      // A location filter needs the location the month rows lack: the day rows answer, and the same as the lines.
      const berlinOnly = run(1, '2025-12-15', '2026-04-25', berlin);
      expect(readsMonths(report, berlinOnly)).toBe(false);
      expect((await both(report, berlinOnly)).viaTotals).toEqual((await both(report, berlinOnly)).viaLines);
    }
    // A day dimension, or a range without a whole month, reads the day rows.
    expect(readsMonths(perDay, run(1, '2025-12-15', '2026-04-25'))).toBe(false);
    expect(readsMonths(articles, run(1, '2026-03-02', '2026-03-31'))).toBe(false);
    // Worked out by hand over January to March: receipts once per document per article, and once in the total.
    const quarter = (await both(articles, run(1, '2026-01-01', '2026-03-31'))).viaTotals;
    expect(quarter.rows).toEqual([
      { articleNumber: 'B1', articleText: 'Bread', quantity: 21, amount: 63, receipts: 8 },
      { articleNumber: 'A1', articleText: 'Apple', quantity: 16, amount: 24, receipts: 5 },
      { articleNumber: 'A1', articleText: 'Apple (organic)', quantity: 7, amount: 10.5, receipts: 2 },
      { articleNumber: null, articleText: 'Service', quantity: 1, amount: 5, receipts: 1 },
    ]);
    expect(quarter.totals).toMatchObject({ quantity: 45, amount: 102.5, receipts: 10 });
  });

  it('splits a range into its whole months', () => {
    expect(wholeMonths('2026-01-01', '2026-04-01')).toEqual({ first: '2026-01-01', end: '2026-04-01' });
    expect(wholeMonths('2025-12-15', '2026-04-26')).toEqual({ first: '2026-01-01', end: '2026-04-01' });
    expect(wholeMonths('2026-03-02', '2026-04-01')).toBeUndefined();
    expect(wholeMonths('2026-03-01', '2026-03-31')).toBeUndefined();
    expect(wholeMonths('2026-03-01', '2026-04-01')).toEqual({ first: '2026-03-01', end: '2026-04-01' });
  });

  it('falls back to the raw lines when a level would group by part of the article only', () => {
    const byNumber = { ...articles.definition, columns: articles.definition.columns.filter((c) => c.name !== 'articleText') };
    expect(compileReport(byNumber).fromTotals).toBe(false);
    // Without receipts the article number alone is fine: quantities and amounts add up across texts.
    expect(compileReport({ ...byNumber, columns: byNumber.columns.filter((c) => c.name !== 'receipts') }).fromTotals).toBe(true);
  });

  it('holds what a recomputation from the lines holds, and a rebuild (migration 980\'s backfill) changes nothing', async () => {
    for (const tenant of [1, 2]) {
      const stored = await storedArticleTotals(t.database.db, tenant);
      expect(stored.length).toBeGreaterThan(0);
      expect(stored).toEqual(await recomputedArticleTotals(t.database.db, tenant));
      const months = await storedArticleMonthTotals(t.database.db, tenant);
      expect(months.length).toBeGreaterThan(0);
      expect(months).toEqual(await recomputedArticleMonthTotals(t.database.db, tenant));
      await rebuildArticleTotals(t.database.db, tenant);
      expect(await storedArticleTotals(t.database.db, tenant)).toEqual(stored);
      expect(await storedArticleMonthTotals(t.database.db, tenant)).toEqual(months);
    }
  });
});
