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

/**
 * The same totals rolled up per calendar month of the business day, without the location and the day
 * (`mate_article_month_total`, migration 985; docs/reports.md "Pre-aggregation"): one row per tenant, month, kind,
 * currency, article number and text, each the sum of the day rows of that key. The counts stay right: a document is
 * on one day (so in one month) and at one location, so `documents` still counts it once per article, and the row that
 * holds its `documents_once` is the month row of the day row that held it. A report over whole months of a range reads
 * these rows and the leftover days from the day rows (compile-report.ts); one that filters or groups by location or day
 * reads the day rows only. Booked and rebuilt with the day rows, in the same statements' transaction.
 */
export const ARTICLE_MONTH_TOTAL_TABLE = 'mate_article_month_total';

const KEY = 'tenant_oid, location_oid, day, kind, currency, article_number, article_text';
const MEASURES = 'lines, documents, documents_once, quantity, amount, tax_amount';
const COLUMNS = `${KEY}, ${MEASURES}`;
const MONTH_KEY = 'tenant_oid, month, kind, currency, article_number, article_text';
const MONTH_COLUMNS = `${MONTH_KEY}, ${MEASURES}`;

// An upsert's update: the booked documents' figures added to the row's.
const ADD_TO_ROW = `lines = t.lines + excluded.lines, documents = t.documents + excluded.documents,
  documents_once = t.documents_once + excluded.documents_once, quantity = t.quantity + excluded.quantity,
  amount = t.amount + excluded.amount, tax_amount = t.tax_amount + excluded.tax_amount`;

/** The month rows of day rows `rows` (a relation with the day table's columns), in key order. */
const monthRowsOf = (rows: string) => `
  select tenant_oid, date_trunc('month', day)::date as month, kind, currency, article_number, article_text,
         sum(lines)::int, sum(documents)::int, sum(documents_once)::int, sum(quantity), sum(amount), sum(tax_amount)
    from ${rows} group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`;

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
  // One statement for both tables: the documents' day rows are computed once and added to the day and month rows.
  await db.query(
    `with added as (select * from (${totalsOf('d.oid = any($1::bigint[])')}) x),
     days as (
       insert into ${ARTICLE_TOTAL_TABLE} as t (${COLUMNS})
       select * from added order by 1, 2, 3, 4, 5, 6, 7
       on conflict (${KEY}) do update set ${ADD_TO_ROW}
     )
     insert into ${ARTICLE_MONTH_TOTAL_TABLE} as t (${MONTH_COLUMNS}) ${monthRowsOf('added')}
     on conflict (${MONTH_KEY}) do update set ${ADD_TO_ROW}`,
    [documentOids],
  );
}

/**
 * Computes the totals again from the raw lines of every processed document (or those of one tenant): what migration
 * 980 backfills with, and what bulk loads (the demo data, the scale bench) call after writing lines by SQL. Rows go
 * in day order, so that a run's range of days reads neighbouring pages.
 */
export async function rebuildArticleTotals(db: Queryable, tenantOid?: number): Promise<void> {
  await rebuildArticleDayTotals(db, tenantOid);
  await rebuildArticleMonthTotals(db, tenantOid);
}

/** The day rows alone (migration 980's backfill: the month rows come with 985). */
export async function rebuildArticleDayTotals(db: Queryable, tenantOid?: number): Promise<void> {
  const filter = tenantOid === undefined ? 'd.processed_at is not null' : 'd.processed_at is not null and d.tenant_oid = $1';
  const params = tenantOid === undefined ? [] : [tenantOid];
  await db.query(`delete from ${ARTICLE_TOTAL_TABLE}${tenantOid === undefined ? '' : ' where tenant_oid = $1'}`, params);
  await db.query(`insert into ${ARTICLE_TOTAL_TABLE} (${COLUMNS}) select * from (${totalsOf(filter)}) x order by 3, 1`, params);
}

/** Rolls the day rows up into the month rows again (all, or one tenant's): part of every rebuild, and migration 985. */
export async function rebuildArticleMonthTotals(db: Queryable, tenantOid?: number): Promise<void> {
  const where = tenantOid === undefined ? '' : ' where tenant_oid = $1';
  const params = tenantOid === undefined ? [] : [tenantOid];
  await db.query(`delete from ${ARTICLE_MONTH_TOTAL_TABLE}${where}`, params);
  await db.query(`insert into ${ARTICLE_MONTH_TOTAL_TABLE} (${MONTH_COLUMNS}) ${monthRowsOf(`${ARTICLE_TOTAL_TABLE}${where}`)}`, params);
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

/** The month rows of a tenant as stored, and as rolled up from its day rows now (tests compare the two). */
export async function storedArticleMonthTotals(db: Queryable, tenantOid: number): Promise<Record<string, unknown>[]> {
  return (await db.query(`select ${MONTH_COLUMNS} from ${ARTICLE_MONTH_TOTAL_TABLE} where tenant_oid = $1 ${MONTH_ORDER}`, [tenantOid])).rows;
}

const MONTH_ORDER = 'order by 1, 2, 3, 4, 5 nulls first, 6 nulls first';

export async function recomputedArticleMonthTotals(db: Queryable, tenantOid: number): Promise<Record<string, unknown>[]> {
  return (
    await db.query(
      `select tenant_oid, month, kind, currency, article_number, article_text, sum(lines)::int as lines, sum(documents)::int as documents,
              sum(documents_once)::int as documents_once, sum(quantity) as quantity, sum(amount) as amount, sum(tax_amount) as tax_amount
         from (select *, date_trunc('month', day)::date as month from ${ARTICLE_TOTAL_TABLE} where tenant_oid = $1) x
        group by 1, 2, 3, 4, 5, 6 ${MONTH_ORDER}`,
      [tenantOid],
    )
  ).rows;
}
