import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { addArticleTotals } from './article-totals';
import { addDocumentTotals } from './document-totals';

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
  lines: { articleNumber: string | null; text?: string; quantity: number; unitPrice: number; taxRate: number }[];
  payments: { method: string; amount: number }[];
}

/**
 * Stores a document, its lines and payments through SQL into the contract's tables (docmodel's migration 600), as the
 * intake would, processed (and booked into the reports' totals) unless said otherwise; answers its oid. Amounts of
 * returns and cancellations are negative.
 */
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
  if (doc.processed !== false) {
    await addDocumentTotals(db, [oid]);
    await addArticleTotals(db, [oid]);
  }
  return oid;
}
