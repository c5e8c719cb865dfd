import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';

/** A document for a test, written straight into the tables intake fills (so tests of reads need no terminal). */
export interface TestDocument {
  tenantOid: number;
  terminalOid: number;
  locationOid: number | null;
  kind?: string;
  uid?: string;
  number?: number;
  createdAt?: string;
  operator?: string;
  references?: string;
  lines?: { articleNumber?: string; text: string; quantity: number; unitPrice: number; amount: number; taxRate: number }[];
  parts?: { type: 'customer' | 'merchant'; variant: string; printed: boolean; html?: string }[];
  processed?: boolean;
  processingError?: string;
}

/** Stores a document with its lines and payments as intake would; answers its uid. */
export async function insertTestDocument(db: Queryable, document: TestDocument): Promise<string> {
  const uid = document.uid ?? randomUUID();
  const kind = document.kind ?? 'sale';
  const lines = document.lines ?? [{ articleNumber: 'A00000001', text: 'Vollmilch 3,5 %', quantity: 2, unitPrice: 1.19, amount: 2.38, taxRate: 7 }];
  const total = Math.round(lines.reduce((sum, line) => sum + line.amount * 100, 0)) / 100;
  const createdAt = document.createdAt ?? '2031-03-10T10:00:00.000Z';
  const body = {
    id: uid,
    type: 'receipt',
    number: document.number ?? 1,
    createdAt,
    currency: 'EUR',
    kind,
    ...(document.operator ? { operator: document.operator } : {}),
    ...(document.references ? { references: document.references } : {}),
    ...(document.parts ? { parts: document.parts } : {}),
    lines,
    payments: [{ method: 'cash', amount: total }],
    total,
  };
  const inserted = await db.query<{ oid: string }>(
    `insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, receipt_number, created_at, currency, total, body, kind, location_oid, operator, references_id, processed_at, processing_error)
     values ($1, $2, $3, 'receipt', $4, $5, 'EUR', $6, $7, $8, $9, $10, $11, $12, $13) returning oid`,
    [
      document.tenantOid,
      document.terminalOid,
      uid,
      body.number,
      createdAt,
      total,
      JSON.stringify(body),
      kind,
      document.locationOid,
      document.operator ?? null,
      document.references ?? null,
      document.processed === false ? null : createdAt,
      document.processingError ?? null,
    ],
  );
  const oid = inserted.rows[0]!.oid;
  for (const [index, line] of lines.entries()) {
    await db.query(
      `insert into mate_document_line (document_oid, tenant_oid, location_oid, terminal_oid, kind, created_at, line_no, article_number, text, quantity, unit_price, amount, tax_rate, operator)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [oid, document.tenantOid, document.locationOid, document.terminalOid, kind, createdAt, index + 1, line.articleNumber ?? null, line.text, line.quantity, line.unitPrice, line.amount, line.taxRate, document.operator ?? null],
    );
  }
  return uid;
}
