import type { Queryable } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import { documentProblem, type DocumentTables } from '../documents/document-checks';
import { TURNOVER_KINDS_SQL } from '../documents/document-kinds';
import { addArticleTotals } from '../reports/article-totals';
import { addDocumentTotals } from '../reports/document-totals';
import type { Receipt } from './receipt-schema';

/**
 * Booking handed-in documents (docs/terminals.md "Processing"). A terminal's receipt is checked, stored and *booked*
 * at intake, in one transaction: marked processed and added to the tenant's daily turnover (`mate_turnover_day`, per
 * business day: server/documents/business-day.ts) and
 * to the reports' totals (`mate_document_total`, and per article `mate_article_total`). A document is **unprocessed** while `processed_at` is null: it did
 * not fit its tenant's data and `processing_error` says why (or it was handed in before intake booked). The reprocess
 * job (ResetProcessQueue) retries those.
 */

/** The tables processing reads: the POS terminal records, the tenants, articles and taxes (from the catalogue). */
export type ProcessingTables = DocumentTables;

/** One unprocessed document, in the order it is processed. */
export interface UnprocessedDocument {
  oid: number;
  documentId: string;
  terminalOid: number;
  failedBefore: boolean;
}

/** The unprocessed documents of the tenant, oldest first. */
export async function listUnprocessedDocuments(db: Queryable, tenantOid: number): Promise<UnprocessedDocument[]> {
  const rows = await db.query<{ oid: string | number; document_id: string; terminal_oid: string | number; processing_error: string | null }>(
    'select oid, document_id, terminal_oid, processing_error from mate_terminal_document where tenant_oid = $1 and processed_at is null order by oid',
    [tenantOid],
  );
  return rows.rows.map((row) => ({ oid: Number(row.oid), documentId: row.document_id, terminalOid: Number(row.terminal_oid), failedBefore: row.processing_error !== null }));
}

/** Why a document cannot be booked, or undefined when it can: its terminal is gone, or it does not fit its tenant's data. */
async function bookingProblem(db: Queryable, tables: ProcessingTables, document: { tenant_oid: string | number; terminal_oid: string | number; currency: string; body: Receipt }): Promise<string | undefined> {
  const terminal = await db.query(`select 1 from ${q(tables.pos)} where "Oid" = $1 and "TenantOid" = $2`, [document.terminal_oid, document.tenant_oid]);
  if (terminal.rowCount === 0) return `The POS terminal ${document.terminal_oid} that handed the document in no longer exists in its tenant.`;
  // The stored columns are what intake derived from the body; checked from them, as the reports read them.
  return documentProblem(db, tables, Number(document.tenant_oid), { ...document.body, currency: document.currency });
}

/**
 * Adds documents just marked processed to the daily turnover and the reports' totals, adding to the rows (call it
 * once per document, in the transaction that marks it, and last in it: the rows are shared by every terminal of a
 * location, and their locks are held until the commit).
 */
export async function bookDocuments(db: Queryable, oids: readonly number[]): Promise<void> {
  if (oids.length === 0) return;
  await db.query(
    `insert into mate_turnover_day as t (tenant_oid, day, receipt_count, total, computed_at)
     select tenant_oid, business_day, count(*)::int, sum(total), now() from mate_terminal_document
      where oid = any($1::bigint[]) and document_type = 'receipt' and kind in (${TURNOVER_KINDS_SQL})
      group by 1, 2 order by 1, 2
     on conflict (tenant_oid, day) do update set receipt_count = t.receipt_count + excluded.receipt_count, total = t.total + excluded.total, computed_at = excluded.computed_at`,
    [oids],
  );
  await addDocumentTotals(db, oids);
  await addArticleTotals(db, oids);
}

/** The outcome of processing one document. */
export type ProcessingOutcome = { processed: true } | { processed: false; error: string } | { processed: 'gone' };

/**
 * Processes one document again (call it in a transaction): checks it against its tenant, marks it processed, adds it
 * to the reports' totals, and books its business day again from every receipt of that day that processing has not refused
 * (so a second run never counts twice).
 * A document that cannot be booked keeps the reason in `processing_error`, stays unprocessed and leaves the day's
 * figure. `gone`: processed meanwhile.
 */
export async function processDocument(db: Queryable, tables: ProcessingTables, oid: number, now: number): Promise<ProcessingOutcome> {
  const found = await db.query<{ tenant_oid: string | number; terminal_oid: string | number; currency: string; body: Receipt; day: string }>(
    `select tenant_oid, terminal_oid, currency, body, to_char(business_day, 'YYYY-MM-DD') as day
       from mate_terminal_document where oid = $1 and processed_at is null for update`,
    [oid],
  );
  const document = found.rows[0];
  if (!document) return { processed: 'gone' };
  const problem = await bookingProblem(db, tables, document);
  const at = new Date(now).toISOString();
  if (problem) await db.query('update mate_terminal_document set processing_error = $2 where oid = $1', [oid, problem]);
  else await db.query('update mate_terminal_document set processed_at = $2::timestamptz, processing_error = null where oid = $1', [oid, at]);
  // The day is booked again either way: a document refused now leaves the day's figure.
  await db.query(
    `insert into mate_turnover_day (tenant_oid, day, receipt_count, total, computed_at)
     select $1, $2::date, count(*)::int, coalesce(sum(total), 0), $3::timestamptz from mate_terminal_document
      where tenant_oid = $1 and document_type = 'receipt' and kind in (${TURNOVER_KINDS_SQL}) and processing_error is null
        and business_day = $2::date
     on conflict (tenant_oid, day) do update set receipt_count = excluded.receipt_count, total = excluded.total, computed_at = excluded.computed_at`,
    [document.tenant_oid, document.day, at],
  );
  if (!problem) {
    await addDocumentTotals(db, [oid]);
    await addArticleTotals(db, [oid]);
  }
  return problem ? { processed: false, error: problem } : { processed: true };
}
