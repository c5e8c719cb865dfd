import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrations';
import { ALL_MIGRATIONS } from '../schema-migrations';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { recomputedArticleMonthTotals, recomputedArticleTotals, storedArticleMonthTotals, storedArticleTotals } from './article-totals';
import { recomputedDocumentTotals, storedDocumentTotals } from './document-totals';

// Migrations 640, 980 and 985 on a database that already holds documents: the totals are backfilled from the processed ones only.
describe('migration 640 (document totals)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    await migrate(database.db, ALL_MIGRATIONS.filter((migration) => migration.version < 640));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('backfills the totals of the processed documents, per kind, tax rate and payment method', async () => {
    const insert = async (id: string, kind: string, amount: number, processed: boolean) => {
      const oid = Number((await database.db.query<{ oid: string }>(
        `insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, receipt_number, created_at, currency, total, body, kind, location_oid, processed_at)
         values (5, 9, $1, 'receipt', 1, '2026-01-15T23:30:00Z', 'EUR', $2, '{}'::jsonb, $3, 4, $4) returning oid`,
        [id, amount, kind, processed ? '2026-01-15T23:31:00Z' : null],
      )).rows[0]!.oid);
      await database.db.query(
        `insert into mate_document_line (document_oid, tenant_oid, location_oid, terminal_oid, kind, created_at, line_no, quantity, unit_price, amount, tax_rate)
         values ($1, 5, 4, 9, $2, '2026-01-15T23:30:00Z', 1, 1, $3, $3, 19)`,
        [oid, kind, amount],
      );
      await database.db.query(
        `insert into mate_document_payment (document_oid, tenant_oid, location_oid, terminal_oid, kind, created_at, line_no, method, amount) values ($1, 5, 4, 9, $2, '2026-01-15T23:30:00Z', 1, 'card', $3)`,
        [oid, kind, amount],
      );
    };
    await insert('a', 'sale', 11.9, true);
    await insert('b', 'sale', 5.95, true);
    await insert('c', 'return', -5.95, true);
    await insert('d', 'sale', 100, false);
    await migrate(database.db, ALL_MIGRATIONS);
    const rows = await database.db.query("select kind, facet, day::text, documents, entries, amount::text, tax_amount::text from mate_document_total order by kind, facet");
    expect(rows.rows).toEqual([
      { kind: 'return', facet: 'document', day: '2026-01-15', documents: 1, entries: 1, amount: '-5.9500', tax_amount: '0.0000' },
      { kind: 'return', facet: 'line', day: '2026-01-15', documents: 1, entries: 1, amount: '-5.9500', tax_amount: '-0.9500' },
      { kind: 'return', facet: 'payment', day: '2026-01-15', documents: 1, entries: 1, amount: '-5.9500', tax_amount: '0.0000' },
      { kind: 'sale', facet: 'document', day: '2026-01-15', documents: 2, entries: 2, amount: '17.8500', tax_amount: '0.0000' },
      { kind: 'sale', facet: 'line', day: '2026-01-15', documents: 2, entries: 2, amount: '17.8500', tax_amount: '2.8500' },
      { kind: 'sale', facet: 'payment', day: '2026-01-15', documents: 2, entries: 2, amount: '17.8500', tax_amount: '0.0000' },
    ]);
    expect(await storedDocumentTotals(database.db, 5)).toEqual(await recomputedDocumentTotals(database.db, 5));

    // Migration 980 (issue 22): the sales per article of the same processed lines, on their business day.
    const articles = await database.db.query("select kind, day::text, article_number, lines, documents, documents_once, quantity::text, amount::text, tax_amount::text from mate_article_total order by kind");
    expect(articles.rows).toEqual([
      { kind: 'return', day: '2026-01-15', article_number: null, lines: 1, documents: 1, documents_once: 1, quantity: '1.0000', amount: '-5.9500', tax_amount: '-0.9500' },
      { kind: 'sale', day: '2026-01-15', article_number: null, lines: 2, documents: 2, documents_once: 2, quantity: '2.0000', amount: '17.8500', tax_amount: '2.8500' },
    ]);
    expect(await storedArticleTotals(database.db, 5)).toEqual(await recomputedArticleTotals(database.db, 5));
    // Migration 985: the same rolled up per month, without location and day.
    const months = await database.db.query("select kind, month::text, lines, documents, documents_once, amount::text from mate_article_month_total order by kind");
    expect(months.rows).toEqual([
      { kind: 'return', month: '2026-01-01', lines: 1, documents: 1, documents_once: 1, amount: '-5.9500' },
      { kind: 'sale', month: '2026-01-01', lines: 2, documents: 2, documents_once: 2, amount: '17.8500' },
    ]);
    expect(await storedArticleMonthTotals(database.db, 5)).toEqual(await recomputedArticleMonthTotals(database.db, 5));
  });
});
