import type { Queryable } from '../db/database';
import { exec, type Migration } from '../db/migrations';
import { entityTableName, quoteIdent as q } from '../data/sql-names';
import { DOCUMENT_TOTAL_TABLE, rebuildDocumentTotals, UTC_DOCUMENT_DAY_SQL } from './document-totals';

/**
 * The reports' own tables (versions 640-659; docs/reports.md "Pre-aggregation").
 * 640: the totals of processed documents per tenant, location, day, kind, currency and facet (document, tax rate,
 * payment method), backfilled from the documents processed so far; the report engine reads it where a report's
 * grouping allows. Also the index intake's article checks use (ArticleNumber or GTIN per tenant), when the article
 * table exists already (a new database gets it at start, right after the entity tables: server.ts, seed/cli.ts).
 */
export const REPORT_MIGRATIONS: Migration[] = [
  {
    version: 640,
    name: 'document-totals',
    async up(tx) {
      await exec(
        tx,
        `create table ${DOCUMENT_TOTAL_TABLE} (
           tenant_oid bigint not null,
           location_oid bigint,
           day date not null,
           kind text not null,
           currency text not null,
           facet text not null check (facet in ('document', 'line', 'payment')),
           tax_rate numeric(7, 4),
           method text,
           documents int not null,
           entries int not null,
           amount numeric(18, 4) not null,
           tax_amount numeric(18, 4) not null
         );
         create unique index mate_document_total_key on ${DOCUMENT_TOTAL_TABLE} (tenant_oid, location_oid, day, kind, currency, facet, tax_rate, method) nulls not distinct;
         create index mate_document_total_day on ${DOCUMENT_TOTAL_TABLE} (tenant_oid, facet, kind, day)`,
      );
      // UTC days: the business day column comes with migration 810, which rebuilds the totals from it.
      await rebuildDocumentTotals(tx, undefined, UTC_DOCUMENT_DAY_SQL);
      await tx.query(`analyze ${DOCUMENT_TOTAL_TABLE}`);
      await ensureArticleLookupIndexes(tx);
    },
  },
];

/**
 * Intake checks every article of a document by ArticleNumber or GTIN within the tenant; neither field is unique, so
 * the entity tables have no index for it. Idempotent; does nothing while the article table does not exist.
 */
export async function ensureArticleLookupIndexes(tx: Queryable): Promise<void> {
  const table = entityTableName('pos-supply', 'article');
  const exists = await tx.query<{ found: string | null }>('select to_regclass($1)::text as found', [table]);
  if (!exists.rows[0]?.found) return;
  await tx.query(`create index if not exists ${q(`${table}_article_number`)} on ${q(table)} ("TenantOid", "ArticleNumber")`);
  await tx.query(`create index if not exists ${q(`${table}_gtin`)} on ${q(table)} ("TenantOid", "GTIN")`);
  await tx.query(`analyze ${q(table)}`);
}
