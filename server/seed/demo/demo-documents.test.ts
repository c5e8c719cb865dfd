import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../data/catalogue';
import type { TestDatabase } from '../../test-support/test-database';
import { builtInCatalogue, createDemoTestDatabase } from './demo-test-database';
import { seedDemoData, type SeedReport } from './seed-demo-data';

// The demo documents: every kind, consistent with the tenant's data (processed, the turnover booked), a few left
// unprocessed on purpose with their reason, and the same rows for the same seed. A short period keeps it quick.
describe('the demo documents', () => {
  let catalogue: Catalogue;
  let a: TestDatabase;
  let b: TestDatabase;
  let report: SeedReport;
  const options = { articles: 200, documentDays: 12, salesPerDay: 3 };

  beforeAll(async () => {
    catalogue = await builtInCatalogue();
    a = await createDemoTestDatabase();
    b = await createDemoTestDatabase();
    report = await seedDemoData(a.db, catalogue, options);
    await seedDemoData(b.db, catalogue, options);
  }, 300_000);
  afterAll(async () => {
    await a?.drop();
    await b?.drop();
  });

  it('writes every kind per store terminal and day, with lines and payments, most of them processed', async () => {
    expect(report.documents).toBeGreaterThan(500);
    const kinds = await a.db.query<{ kind: string; n: number; unprocessed: number }>(
      'select kind, count(*)::int as n, count(*) filter (where processed_at is null)::int as unprocessed from mate_terminal_document group by kind order by kind',
    );
    expect(kinds.rows.map((row) => row.kind)).toEqual(['cancellation', 'cash-deposit', 'cash-withdrawal', 'end-of-day', 'return', 'sale'].filter((kind) => kinds.rows.some((row) => row.kind === kind)));
    for (const kind of ['sale', 'cash-deposit', 'end-of-day', 'return']) expect(kinds.rows.find((row) => row.kind === kind)?.n, kind).toBeGreaterThan(0);
    // One deposit and one end of day per terminal and day.
    const perDay = await a.db.query<{ n: number }>("select count(*)::int as n from mate_terminal_document where kind = 'end-of-day' group by terminal_oid, (created_at at time zone 'UTC')::date having count(*) <> 1");
    expect(perDay.rowCount).toBe(0);
    const unprocessed = await a.db.query<{ processing_error: string }>('select processing_error from mate_terminal_document where processed_at is null order by oid');
    expect(unprocessed.rowCount).toBe(report.unprocessedDocuments);
    expect(unprocessed.rowCount).toBeGreaterThan(0);
    expect(unprocessed.rowCount).toBeLessThan(40);
    for (const row of unprocessed.rows) expect(row.processing_error).toMatch(/does not exist/);
    // Every return and cancellation that is processed names an original of its tenant.
    const orphans = await a.db.query(
      `select 1 from mate_terminal_document d where d.kind in ('return', 'cancellation') and d.processed_at is not null
         and not exists (select 1 from mate_terminal_document o where o.tenant_oid = d.tenant_oid and o.document_id = d.references_id)`,
    );
    expect(orphans.rowCount).toBe(0);
    const lines = await a.db.query<{ n: number; docs: number }>('select count(*)::int as n, count(distinct document_oid)::int as docs from mate_document_line');
    expect(lines.rows[0]!.docs).toBe(report.documents);
    const payments = await a.db.query<{ docs: number }>('select count(distinct document_oid)::int as docs from mate_document_payment');
    expect(payments.rows[0]!.docs).toBe(report.documents);
    // The turnover days are the processed sales, returns and cancellations.
    const turnover = await a.db.query<{ booked: string; documents: string }>(
      `select (select sum(total) from mate_turnover_day)::text as booked,
              (select sum(total) from mate_terminal_document where kind in ('sale', 'return', 'cancellation') and processing_error is null)::text as documents`,
    );
    expect(turnover.rows[0]!.booked).toBe(turnover.rows[0]!.documents);
  });

  it('gives the same documents for the same seed', async () => {
    const read = (database: TestDatabase) => database.db.query('select document_id, kind, receipt_number, created_at, total::text, body, location_oid, operator, references_id, processing_error from mate_terminal_document order by oid');
    expect((await read(b)).rows).toEqual((await read(a)).rows);
  });
});
