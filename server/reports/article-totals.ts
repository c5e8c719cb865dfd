import type { Queryable } from '../db/database';
import { DOCUMENT_DAY_SQL } from './document-totals';

/**
 * The pre-aggregated sales per article (`mate_article_total`, migration 980; docs/reports.md "Pre-aggregation"): one
 * row per tenant, location, business day, kind, currency, article number and article text (the text printed on the
 * line: the report groups by both, so a renamed article stays two rows, as it is over the raw lines), holding
 * `lines`, `quantity`, `amount` and the lines' `tax_amount`, and two counts of documents:
 *
 * - `documents`: the documents with a line of this key. Summed over rows that keep the article key (number and text)
 *   it is the report's "receipts" (count distinct documents) of that article, as a document is on one day, location,
 *   kind and currency only;
 * - `documents_once`: each document counted in one of its rows only (its first by article). Summed over rows without
 *   the article key (the grand total, a total per day or location) it counts documents, where `documents` would count
 *   a document once per article on it.
 *
 * A document is added once, when it is booked (processed), in the transaction that books it, beside the document
 * totals (document-totals.ts), for the same reasons: the lines are written by intake's one statement from the body,
 * booking is what decides that a document counts, and a refused document must not (it is booked later by the
 * reprocess job). Nothing else writes the table but a rebuild.
 */
export const ARTICLE_TOTAL_TABLE = 'mate_article_total';

const KEY = 'tenant_oid, location_oid, day, kind, currency, article_number, article_text';
const COLUMNS = `${KEY}, lines, documents, documents_once, quantity, amount, tax_amount`;

// The tax share of a gross line amount, rounded per line as the report engine rounds it (report-source-sql.ts).
const taxOfLine = 'round(l.amount * l.tax_rate / (100 + l.tax_rate), 4)';

/**
 * The totals of the lines of the documents `filter` selects (a condition on `d`, the document), one row per key. The
 * line's tenant, location and kind are the ones the raw report filters by (copied from its document at every write).
 */
function totalsOf(filter: string): string {
  return `
    select ${KEY}, sum(lines)::int as lines, count(*)::int as documents, count(*) filter (where first)::int as documents_once,
           sum(quantity) as quantity, sum(amount) as amount, sum(tax_amount) as tax_amount
      from (
        select per_document.*,
               row_number() over (partition by document_oid order by location_oid, kind, article_number, article_text) = 1 as first
          from (
            select l.tenant_oid, l.location_oid, ${DOCUMENT_DAY_SQL} as day, l.kind, d.currency, l.article_number, l.text as article_text, l.document_oid,
                   count(*) as lines, sum(l.quantity) as quantity, sum(l.amount) as amount, sum(${taxOfLine}) as tax_amount
              from mate_document_line l join mate_terminal_document d on d.oid = l.document_oid
             where ${filter}
             group by 1, 2, 3, 4, 5, 6, 7, 8
          ) per_document
      ) flagged
     group by ${KEY}`;
}

/**
 * Adds booked documents' lines to the totals: an upsert that adds to the rows. Call it in the transaction that marks
 * them processed, once per document (bookDocuments does). Rows are written in key order, so two transactions booking
 * into the same rows take their locks in the same order and wait for each other instead of deadlocking.
 */
export async function addArticleTotals(db: Queryable, documentOids: readonly number[]): Promise<void> {
  if (documentOids.length === 0) return;
  await db.query(
    `insert into ${ARTICLE_TOTAL_TABLE} as t (${COLUMNS})
     select * from (${totalsOf('d.oid = any($1::bigint[])')}) x order by 1, 2, 3, 4, 5, 6, 7
     on conflict (${KEY}) do update set lines = t.lines + excluded.lines, documents = t.documents + excluded.documents,
        documents_once = t.documents_once + excluded.documents_once, quantity = t.quantity + excluded.quantity,
        amount = t.amount + excluded.amount, tax_amount = t.tax_amount + excluded.tax_amount`,
    [documentOids],
  );
}

/**
 * Computes the totals again from the raw lines of every processed document (or those of one tenant): what migration
 * 980 backfills with, and what bulk loads (the demo data, the scale bench) call after writing lines by SQL. Rows go
 * in day order, so that a run's range of days reads neighbouring pages.
 */
export async function rebuildArticleTotals(db: Queryable, tenantOid?: number): Promise<void> {
  const filter = tenantOid === undefined ? 'd.processed_at is not null' : 'd.processed_at is not null and d.tenant_oid = $1';
  const params = tenantOid === undefined ? [] : [tenantOid];
  await db.query(`delete from ${ARTICLE_TOTAL_TABLE}${tenantOid === undefined ? '' : ' where tenant_oid = $1'}`, params);
  await db.query(`insert into ${ARTICLE_TOTAL_TABLE} (${COLUMNS}) select * from (${totalsOf(filter)}) x order by 3, 1`, params);
}

const ORDER = 'order by 1, 2, 3, 4, 5, 6 nulls first, 7 nulls first';

/** The totals as they would be computed from the raw lines now (tests compare the table with this). */
export async function recomputedArticleTotals(db: Queryable, tenantOid: number): Promise<Record<string, unknown>[]> {
  // Cast to the table's types, so that the rows compare value for value (a sum's scale is not the column's).
  return (
    await db.query(
      `select ${KEY}, lines, documents, documents_once, quantity::numeric(18, 4) as quantity, amount::numeric(18, 4) as amount, tax_amount::numeric(18, 4) as tax_amount
         from (${totalsOf('d.processed_at is not null and d.tenant_oid = $1')}) x ${ORDER}`,
      [tenantOid],
    )
  ).rows;
}

/** The table's rows of a tenant in the same order and shape as `recomputedArticleTotals`. */
export async function storedArticleTotals(db: Queryable, tenantOid: number): Promise<Record<string, unknown>[]> {
  return (await db.query(`select ${COLUMNS} from ${ARTICLE_TOTAL_TABLE} where tenant_oid = $1 ${ORDER}`, [tenantOid])).rows;
}
