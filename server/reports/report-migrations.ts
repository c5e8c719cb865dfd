import { exec, type Migration } from '../db/migrations';
import { ARTICLE_MONTH_TOTAL_TABLE, ARTICLE_TOTAL_TABLE, rebuildArticleDayTotals, rebuildArticleMonthTotals } from './article-totals';
import { DOCUMENT_TOTAL_TABLE, rebuildDocumentTotals, UTC_DOCUMENT_DAY_SQL } from './document-totals';

/**
 * The reports' own tables (versions 640-659; docs/reports.md "Pre-aggregation").
 * 640: the totals of processed documents per tenant, location, day, kind, currency and facet (document, tax rate,
 * payment method), backfilled from the documents processed so far; the report engine reads it where a report's
 * grouping allows. (The indexes intake's article checks use are the article document's `indexes`, created with the
 * entity tables.)
 * 980: the sales per article (article-totals.ts) per tenant, location, business day, kind, currency, article number and
 * text, backfilled from the lines of the documents processed so far. Numbered after 810 (outside the reports' range),
 * as it reads the documents' business day, which 810 adds.
 * 985: the same sales per article rolled up per month, without location and day (issue 22: a year of sparse articles
 * grouped millions of day rows), filled from the day rows of 980.
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
    },
  },
  {
    version: 980,
    name: 'article-totals',
    async up(tx) {
      await exec(
        tx,
        `create table ${ARTICLE_TOTAL_TABLE} (
           tenant_oid bigint not null,
           location_oid bigint,
           day date not null,
           kind text not null,
           currency text not null,
           article_number text,
           article_text text,
           lines int not null,
           documents int not null,
           documents_once int not null,
           quantity numeric(18, 4) not null,
           amount numeric(18, 4) not null,
           tax_amount numeric(18, 4) not null
         );
         create unique index mate_article_total_key on ${ARTICLE_TOTAL_TABLE} (tenant_oid, location_oid, day, kind, currency, article_number, article_text) nulls not distinct;
         create index mate_article_total_day on ${ARTICLE_TOTAL_TABLE} (tenant_oid, kind, day)`,
      );
      await rebuildArticleDayTotals(tx);
      await tx.query(`analyze ${ARTICLE_TOTAL_TABLE}`);
    },
  },
  {
    version: 985,
    name: 'article-month-totals',
    async up(tx) {
      await exec(
        tx,
        `create table ${ARTICLE_MONTH_TOTAL_TABLE} (
           tenant_oid bigint not null,
           month date not null,
           kind text not null,
           currency text not null,
           article_number text,
           article_text text,
           lines int not null,
           documents int not null,
           documents_once int not null,
           quantity numeric(18, 4) not null,
           amount numeric(18, 4) not null,
           tax_amount numeric(18, 4) not null
         );
         create unique index mate_article_month_total_key on ${ARTICLE_MONTH_TOTAL_TABLE} (tenant_oid, kind, month, currency, article_number, article_text) nulls not distinct`,
      );
      await rebuildArticleMonthTotals(tx);
      await tx.query(`analyze ${ARTICLE_MONTH_TOTAL_TABLE}`);
    },
  },
];
