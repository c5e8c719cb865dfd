import type { Queryable } from '../db/database';

/**
 * The pre-aggregated totals of processed documents (`mate_document_total`, migration 640; docs/reports.md
 * "Pre-aggregation"). One row per tenant, location, day, kind, currency and facet:
 *
 * - facet `document`: the documents themselves (`documents` counted, `amount` the sum of their totals);
 * - facet `line` per tax rate: their lines (`entries` lines of `documents` documents, `amount`, `tax_amount`);
 * - facet `payment` per method: their payment lines (`entries`, `amount`).
 *
 * The day is the document's business day (its creation's day in its location's time zone, stored with it:
 * server/documents/business-day.ts), the same day the report engine's raw sources group by, so a report read from
 * here equals one computed from the raw tables. A document is added once, when it is booked
 * (processed), in the transaction that books it; nothing else writes the table but a rebuild.
 */
export const DOCUMENT_TOTAL_TABLE = 'mate_document_total';

/** The day a document `d` counts on: shared by the totals and the report engine's raw sources. */
export const DOCUMENT_DAY_SQL = 'd.business_day';

/** The day before migration 810 stored business days (the UTC day): migration 640 still builds with it. */
export const UTC_DOCUMENT_DAY_SQL = "(d.created_at at time zone 'UTC')::date";

// Tax is in the amount (gross prices): its share is amount * rate / (100 + rate), rounded per line as the report
// engine rounds it, so that a sum of rows equals a sum of lines.
const taxOfLine = `round(l.amount * l.tax_rate / (100 + l.tax_rate), 4)`;

const KEY = 'tenant_oid, location_oid, day, kind, currency, facet, tax_rate, method';
const COLUMNS = `${KEY}, documents, entries, amount, tax_amount`;

/** The totals of the documents `filter` selects (a condition on `d`, the document), one row per key. */
function totalsOf(filter: string, day = DOCUMENT_DAY_SQL): string {
  return `
    select d.tenant_oid, d.location_oid, ${day} as day, d.kind, d.currency, 'document' as facet, null::numeric(7, 4) as tax_rate, null::text as method,
           count(*)::int as documents, count(*)::int as entries, sum(d.total) as amount, 0::numeric as tax_amount
      from mate_terminal_document d where ${filter}
     group by 1, 2, 3, 4, 5
    union all
    select l.tenant_oid, l.location_oid, ${day}, l.kind, d.currency, 'line', l.tax_rate, null,
           count(distinct l.document_oid)::int, count(*)::int, sum(l.amount), sum(${taxOfLine})
      from mate_document_line l join mate_terminal_document d on d.oid = l.document_oid where ${filter}
     group by 1, 2, 3, 4, 5, 7
    union all
    select p.tenant_oid, p.location_oid, ${day}, p.kind, d.currency, 'payment', null, p.method,
           count(distinct p.document_oid)::int, count(*)::int, sum(p.amount), 0
      from mate_document_payment p join mate_terminal_document d on d.oid = p.document_oid where ${filter}
     group by 1, 2, 3, 4, 5, 8`;
}

/**
 * Adds booked documents to the totals: an upsert that adds to the rows. Call it in the transaction that marks them
 * processed, once per document. Rows are written in key order, so two transactions booking into the same rows take
 * their locks in the same order and wait for each other instead of deadlocking.
 */
export async function addDocumentTotals(db: Queryable, documentOids: readonly number[]): Promise<void> {
  if (documentOids.length === 0) return;
  await db.query(
    `insert into ${DOCUMENT_TOTAL_TABLE} as t (${COLUMNS})
     select * from (${totalsOf('d.oid = any($1::bigint[])')}) x order by 1, 2, 3, 4, 5, 6, 7, 8
     on conflict (${KEY}) do update set documents = t.documents + excluded.documents, entries = t.entries + excluded.entries,
        amount = t.amount + excluded.amount, tax_amount = t.tax_amount + excluded.tax_amount`,
    [documentOids],
  );
}

/**
 * Computes the totals again from the raw tables (every processed document, or those of one tenant): what migration
 * 640 backfills with, and what bulk loads (the demo data, the benches) call after writing documents by SQL.
 */
export async function rebuildDocumentTotals(db: Queryable, tenantOid?: number, day = DOCUMENT_DAY_SQL): Promise<void> {
  const filter = tenantOid === undefined ? 'd.processed_at is not null' : 'd.processed_at is not null and d.tenant_oid = $1';
  const params = tenantOid === undefined ? [] : [tenantOid];
  await db.query(`delete from ${DOCUMENT_TOTAL_TABLE}${tenantOid === undefined ? '' : ' where tenant_oid = $1'}`, params);
  await db.query(`insert into ${DOCUMENT_TOTAL_TABLE} (${COLUMNS}) ${totalsOf(filter, day)}`, params);
}

/** The totals as they would be computed from the raw tables now (tests compare the table with this). */
export async function recomputedDocumentTotals(db: Queryable, tenantOid: number): Promise<Record<string, unknown>[]> {
  // Cast to the table's types, so that the rows compare value for value (a sum's scale is not the column's).
  return (
    await db.query(
      `select tenant_oid, location_oid, day, kind, currency, facet, tax_rate, method, documents, entries, amount::numeric(18, 4) as amount, tax_amount::numeric(18, 4) as tax_amount
         from (${totalsOf('d.processed_at is not null and d.tenant_oid = $1')}) x order by 1, 2, 3, 4, 5, 6, 7, 8`,
      [tenantOid],
    )
  ).rows;
}

/** The table's rows of a tenant in the same order and shape as `recomputedDocumentTotals`. */
export async function storedDocumentTotals(db: Queryable, tenantOid: number): Promise<Record<string, unknown>[]> {
  return (await db.query(`select ${COLUMNS} from ${DOCUMENT_TOTAL_TABLE} where tenant_oid = $1 order by 1, 2, 3, 4, 5, 6, 7, 8`, [tenantOid])).rows;
}
