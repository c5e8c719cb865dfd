import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrations';
import { ALL_MIGRATIONS } from '../schema-migrations';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

// Migration 600 on a database that already holds documents: kind, operator and original from the body, lines and
// payments unnested into the report tables.
describe('migration 600 (document model)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    await migrate(database.db, ALL_MIGRATIONS.filter((migration) => migration.version < 600));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('backfills kind, operator, references and the line and payment rows of existing documents', async () => {
    const body = {
      id: 'b5d0c8a5-0d6e-4a37-9a8e-2c1f0f9d7e11',
      type: 'receipt',
      kind: 'return',
      references: '5b0c8a52-0d6e-4a37-9a8e-2c1f0f9d7e11',
      number: 7,
      createdAt: '2026-01-15T10:30:00Z',
      currency: 'EUR',
      operator: 'Cashier 1',
      lines: [{ articleNumber: 'A1', gtin: '4006381333931', text: 'Milk', quantity: -2, unitPrice: 1.19, amount: -2.38, taxRate: 7 }],
      payments: [{ method: 'cash', amount: -2.38 }],
      total: -2.38,
    };
    await database.db.query(
      `insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, receipt_number, created_at, currency, total, body)
       values (5, 9, $1, 'receipt', 7, $2, 'EUR', -2.38, $3::jsonb), (5, 9, 'old', 'receipt', 8, $2, 'EUR', 1, $4::jsonb)`,
      [body.id, body.createdAt, JSON.stringify(body), JSON.stringify({ ...body, kind: undefined, references: undefined, operator: undefined, lines: [{ ...body.lines[0], amount: 1 }], payments: [{ method: 'card', amount: 1 }] })],
    );
    await migrate(database.db, ALL_MIGRATIONS);
    const documents = await database.db.query('select document_id, kind, operator, references_id, location_oid from mate_terminal_document order by receipt_number');
    expect(documents.rows).toEqual([
      { document_id: body.id, kind: 'return', operator: 'Cashier 1', references_id: body.references, location_oid: null },
      { document_id: 'old', kind: 'sale', operator: null, references_id: null, location_oid: null },
    ]);
    const lines = await database.db.query('select line_no, kind, article_number, gtin, quantity::text, amount::text, tax_rate::text, operator, tenant_oid::int, terminal_oid::int from mate_document_line order by amount');
    expect(lines.rows).toEqual([
      { line_no: 1, kind: 'return', article_number: 'A1', gtin: '4006381333931', quantity: '-2.0000', amount: '-2.3800', tax_rate: '7.0000', operator: 'Cashier 1', tenant_oid: 5, terminal_oid: 9 },
      { line_no: 1, kind: 'sale', article_number: 'A1', gtin: '4006381333931', quantity: '-2.0000', amount: '1.0000', tax_rate: '7.0000', operator: null, tenant_oid: 5, terminal_oid: 9 },
    ]);
    const payments = await database.db.query('select kind, method, amount::text from mate_document_payment order by amount');
    expect(payments.rows).toEqual([
      { kind: 'return', method: 'cash', amount: '-2.3800' },
      { kind: 'sale', method: 'card', amount: '1.0000' },
    ]);
  });
});
