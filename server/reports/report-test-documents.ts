import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';

/** One document for tests, with its lines and payments as the intake stores them (the contract's tables). */
export interface TestDocument {
  tenantOid: number;
  terminalOid: number;
  locationOid: number | null;
  kind: 'sale' | 'return' | 'cancellation' | 'cash-deposit' | 'cash-withdrawal' | 'end-of-day';
  createdAt: string;
  operator?: string;
  processed?: boolean;
  currency?: string;
  lines: { articleNumber: string; text?: string; quantity: number; unitPrice: number; taxRate: number }[];
  payments: { method: string; amount: number }[];
}

/**
 * The contract's document tables for report tests (issue 16): `mate_document_line`, `mate_document_payment` and the
 * new columns of `mate_terminal_document`. docmodel's migration 600 makes them in the product; this makes whatever is
 * missing (nothing once it ran), so the report tests run against the same shape either way.
 */
export async function ensureDocumentTables(db: Queryable): Promise<void> {
  const exists = async (table: string) => (await db.query<{ t: string | null }>('select to_regclass($1)::text as t', [table])).rows[0]!.t !== null;
  for (const statement of [
    "alter table mate_terminal_document add column if not exists kind text not null default 'sale'",
    'alter table mate_terminal_document add column if not exists location_oid bigint',
    'alter table mate_terminal_document add column if not exists operator text',
    'alter table mate_terminal_document add column if not exists references_id text',
  ]) {
    await db.query(statement);
  }
  if (!(await exists('mate_document_line'))) {
    await db.query(`create table mate_document_line (document_oid bigint, tenant_oid bigint, location_oid bigint, terminal_oid bigint, kind text, created_at timestamptz,
      line_no int, article_number text, gtin text, text text, quantity numeric(18,4), unit_price numeric(18,4), amount numeric(18,4), tax_rate numeric(7,4), operator text)`);
  }
  if (!(await exists('mate_document_payment'))) {
    await db.query(`create table mate_document_payment (document_oid bigint, tenant_oid bigint, location_oid bigint, terminal_oid bigint, kind text, created_at timestamptz,
      line_no int, method text, amount numeric(18,4), operator text)`);
  }
}

/** Stores a document, its lines and payments through SQL (as the intake would), answering its oid. */
export async function insertTestDocument(db: Queryable, doc: TestDocument): Promise<number> {
  const sign = doc.kind === 'return' || doc.kind === 'cancellation' ? -1 : 1;
  const amounts = doc.lines.map((l) => sign * l.quantity * l.unitPrice);
  const total = amounts.reduce((a, b) => a + b, 0);
  const id = randomUUID();
  const inserted = await db.query<{ oid: string }>(
    `insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, receipt_number, created_at, currency, total, body, processed_at, kind, location_oid, operator)
     values ($1, $2, $3, 'receipt', 1, $4, $5, $6, '{}'::jsonb, $7, $8, $9, $10) returning oid`,
    [doc.tenantOid, doc.terminalOid, id, doc.createdAt, doc.currency ?? 'EUR', total, doc.processed === false ? null : doc.createdAt, doc.kind, doc.locationOid, doc.operator ?? null],
  );
  const oid = Number(inserted.rows[0]!.oid);
  for (const [i, line] of doc.lines.entries()) {
    await db.query(
      `insert into mate_document_line (document_oid, tenant_oid, location_oid, terminal_oid, kind, created_at, line_no, article_number, text, quantity, unit_price, amount, tax_rate, operator)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [oid, doc.tenantOid, doc.locationOid, doc.terminalOid, doc.kind, doc.createdAt, i + 1, line.articleNumber, line.text ?? line.articleNumber, sign * line.quantity, line.unitPrice, amounts[i], line.taxRate, doc.operator ?? null],
    );
  }
  for (const [i, payment] of doc.payments.entries()) {
    await db.query(
      `insert into mate_document_payment (document_oid, tenant_oid, location_oid, terminal_oid, kind, created_at, line_no, method, amount, operator)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [oid, doc.tenantOid, doc.locationOid, doc.terminalOid, doc.kind, doc.createdAt, i + 1, payment.method, payment.amount, doc.operator ?? null],
    );
  }
  return oid;
}
