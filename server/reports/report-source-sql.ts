import type { ReportSource } from '../../schemas';
import { entityTableName, quoteIdent as q } from '../data/sql-names';
import { ARTICLE_MONTH_TOTAL_TABLE, ARTICLE_TOTAL_TABLE } from './article-totals';
import { DOCUMENT_DAY_SQL, DOCUMENT_TOTAL_TABLE } from './document-totals';

/** One source in SQL: its FROM, the filters every run applies, and each field's expression (the whitelist). */
export interface SourceSql {
  from: string;
  /** Extra joins a field needs, by name; included only when a selected field asks for one. */
  joins: Record<string, string>;
  tenant: string;
  /**
   * The creation timestamp of document sources: the date range bounds it with a day of margin on either side, so
   * that the (tenant, created_at) indexes narrow the scan before `day` decides (server/documents/business-day.ts).
   */
  createdAt?: string;
  /** The business day the date range reads as whole days: the document's stored day, or the totals' day. */
  day?: string;
  location?: string;
  kind?: string;
  /** Always-on conditions: processed documents only, enabled catalogue records. */
  always: string[];
  fields: Record<string, { sql: string; join?: string }>;
}

const DOCUMENT = q('mate_terminal_document');
const LOCATION = q(entityTableName('tenancy', 'location'));
const TERMINAL = q(entityTableName('tenancy', 'pos-terminal'));
const ARTICLE = q(entityTableName('pos-supply', 'article'));
const col = (alias: string, name: string) => `${alias}.${q(name)}`;

/** The fields every document source has, read from the table aliased `alias` (the document is always `d`). */
function documentFields(alias: string): SourceSql['fields'] {
  return {
    // A timestamp (date_trunc of a bare date would go through the session's time zone) of the business day.
    date: { sql: `${DOCUMENT_DAY_SQL}::timestamp` },
    kind: { sql: col(alias, 'kind') },
    location: { sql: col(alias, 'location_oid') },
    locationName: { sql: col('loc', 'Name'), join: 'location' },
    terminal: { sql: col(alias, 'terminal_oid') },
    terminalName: { sql: col('trm', 'Name'), join: 'terminal' },
    operator: { sql: col(alias, 'operator') },
    documentId: { sql: col('d', 'document_id') },
  };
}

function documentJoins(alias: string): SourceSql['joins'] {
  return {
    location: `left join ${LOCATION} loc on loc."Oid" = ${col(alias, 'location_oid')}`,
    terminal: `left join ${TERMINAL} trm on trm."Oid" = ${col(alias, 'terminal_oid')}`,
  };
}

function documentSource(alias: string, table: string | undefined, fields: SourceSql['fields'], joins: SourceSql['joins'] = {}): SourceSql {
  return {
    from: table ? `${q(table)} ${alias} join ${DOCUMENT} d on d.oid = ${col(alias, 'document_oid')}` : `${DOCUMENT} d`,
    joins: { ...documentJoins(alias), ...joins },
    tenant: col(alias, 'tenant_oid'),
    createdAt: col(alias, 'created_at'),
    day: DOCUMENT_DAY_SQL,
    location: col(alias, 'location_oid'),
    kind: col(alias, 'kind'),
    always: ['d.processed_at is not null'],
    fields: { ...documentFields(alias), ...fields },
  };
}

// Tax is in the amount (gross prices): its share is amount * rate / (100 + rate), the rate in percent.
const taxOf = (alias: string) => `round(${col(alias, 'amount')} * ${col(alias, 'tax_rate')} / (100 + ${col(alias, 'tax_rate')}), 4)`;

/** Every source as SQL. Table and column names are constants of the contract, quoted; nothing comes from a request. */
export const SOURCE_SQL: Record<ReportSource, SourceSql> = {
  documents: documentSource('d', undefined, {
    receiptNumber: { sql: col('d', 'receipt_number') },
    currency: { sql: col('d', 'currency') },
    total: { sql: col('d', 'total') },
  }),
  'document-lines': documentSource(
    'l',
    'mate_document_line',
    {
      lineNo: { sql: col('l', 'line_no') },
      articleNumber: { sql: col('l', 'article_number') },
      articleText: { sql: col('l', 'text') },
      productGroup: { sql: col('art', 'ProductGroup'), join: 'article' },
      quantity: { sql: col('l', 'quantity') },
      unitPrice: { sql: col('l', 'unit_price') },
      amount: { sql: col('l', 'amount') },
      taxRate: { sql: col('l', 'tax_rate') },
      taxAmount: { sql: taxOf('l') },
      netAmount: { sql: `(${col('l', 'amount')} - ${taxOf('l')})` },
    },
    { article: `left join ${ARTICLE} art on art."TenantOid" = l.tenant_oid and art."ArticleNumber" = l.article_number` },
  ),
  payments: documentSource('p', 'mate_document_payment', {
    method: { sql: col('p', 'method') },
    amount: { sql: col('p', 'amount') },
  }),
  articles: {
    from: `${ARTICLE} art`,
    joins: {},
    tenant: 'art."TenantOid"',
    always: ['art."Disabled" = false'],
    fields: {
      articleNumber: { sql: col('art', 'ArticleNumber') },
      articleText: { sql: col('art', 'Text') },
      productGroup: { sql: col('art', 'ProductGroup') },
      gtin: { sql: col('art', 'GTIN') },
      retailPrice: { sql: col('art', 'RetailPrice') },
    },
  },
  terminals: {
    from: `${TERMINAL} trm`,
    joins: { location: `left join ${LOCATION} loc on loc."Oid" = trm."LocationOid"` },
    tenant: 'trm."TenantOid"',
    location: 'trm."LocationOid"',
    always: ['trm."Disabled" = false'],
    fields: {
      terminal: { sql: col('trm', 'Oid') },
      terminalNumber: { sql: col('trm', 'TerminalNumber') },
      terminalName: { sql: col('trm', 'Name') },
      location: { sql: col('trm', 'LocationOid') },
      locationName: { sql: col('loc', 'Name'), join: 'location' },
      softwareVersion: { sql: col('trm', 'SoftwareVersion') },
    },
  },
};

/**
 * A measure whose sum depends on which rows a level adds up: `perKey` is right where every field of `key` is grouped
 * by, `once` where none is (a count of distinct documents over totals kept per article: article-totals.ts).
 */
export interface KeyedMeasure {
  key: readonly string[];
  perKey: string;
  once: string;
}

/**
 * Pre-aggregated totals (`mate_document_total`, document-totals.ts; `mate_article_total`, article-totals.ts) as a
 * stand-in for a document source: the dimensions they keep and, per aggregation of a field (`sum:total`, `count:`),
 * the expression over their rows. A report whose every column is here reads the totals; any other column sends it to
 * the next totals of its source or to the raw tables.
 */
export interface AggregateSql extends SourceSql {
  measures: Record<string, string | KeyedMeasure>;
  /** A coarser roll-up of the same totals per calendar month, for the whole months of a range (MonthRollup). */
  months?: MonthRollup;
}

/**
 * The same totals per calendar month, without the day and location (`mate_article_month_total`): a run whose range
 * holds whole months, that neither filters by location nor has a dimension the month rows lack, reads those months
 * from it and the leftover days at either end from the day rows, as one relation `t` of the shared `columns` (the
 * ones the fields and measures read). Same answers: each month row is the sum of its day rows.
 */
export interface MonthRollup {
  dayTable: string;
  monthTable: string;
  columns: string;
  /** The fields the month rows keep (dimensions a rolled-up run may group by). */
  fields: readonly string[];
}

const TOTAL = q(DOCUMENT_TOTAL_TABLE);

/** What every totals table keeps: the business day, kind and location of its documents. */
function totalsSource(from: string, always: string[], fields: SourceSql['fields'], joins: SourceSql['joins'], measures: AggregateSql['measures']): AggregateSql {
  return {
    from,
    joins: { location: `left join ${LOCATION} loc on loc."Oid" = t.location_oid`, ...joins },
    tenant: 't.tenant_oid',
    day: 't.day',
    location: 't.location_oid',
    kind: 't.kind',
    always,
    fields: {
      // A timestamp, as the raw sources' date is: date_trunc of a bare date would go through the session's time zone.
      date: { sql: 't.day::timestamp' },
      kind: { sql: 't.kind' },
      location: { sql: 't.location_oid' },
      locationName: { sql: col('loc', 'Name'), join: 'location' },
      ...fields,
    },
    measures,
  };
}

function aggregateSource(facet: 'document' | 'line' | 'payment', fields: SourceSql['fields'], measures: Record<string, string>): AggregateSql {
  return totalsSource(`${TOTAL} t`, [`t.facet = '${facet}'`], fields, {}, measures);
}

/**
 * The sales per article: the article dimensions, the product group through the same join the raw lines take (so an
 * article number that two articles share counts twice both ways), and the receipts (count distinct documents).
 */
const articleTotals = totalsSource(
  `${q(ARTICLE_TOTAL_TABLE)} t`,
  [],
  {
    articleNumber: { sql: 't.article_number' },
    articleText: { sql: 't.article_text' },
    productGroup: { sql: col('art', 'ProductGroup'), join: 'article' },
  },
  { article: `left join ${ARTICLE} art on art."TenantOid" = t.tenant_oid and art."ArticleNumber" = t.article_number` },
  {
    'count:': 'sum(t.lines)',
    'sum:quantity': 'sum(t.quantity)',
    'sum:amount': 'sum(t.amount)',
    'sum:taxAmount': 'sum(t.tax_amount)',
    'sum:netAmount': 'sum(t.amount - t.tax_amount)',
    'countDistinct:documentId': { key: ['articleNumber', 'articleText'], perKey: 'sum(t.documents)', once: 'sum(t.documents_once)' },
  },
);
articleTotals.months = {
  dayTable: q(ARTICLE_TOTAL_TABLE),
  monthTable: q(ARTICLE_MONTH_TOTAL_TABLE),
  columns: 'tenant_oid, kind, currency, article_number, article_text, lines, documents, documents_once, quantity, amount, tax_amount',
  fields: ['articleNumber', 'articleText', 'productGroup'],
};

/** Per source, the totals that may answer a report, tried in order. */
export const AGGREGATE_SQL: Partial<Record<ReportSource, AggregateSql[]>> = {
  documents: [
    aggregateSource('document', {}, {
      'count:': 'sum(t.documents)',
      'sum:total': 'sum(t.amount)',
      'avg:total': 'round(sum(t.amount) / nullif(sum(t.documents), 0), 4)',
    }),
  ],
  'document-lines': [
    aggregateSource('line', { taxRate: { sql: 't.tax_rate' } }, {
      'count:': 'sum(t.entries)',
      'sum:amount': 'sum(t.amount)',
      'sum:taxAmount': 'sum(t.tax_amount)',
      'sum:netAmount': 'sum(t.amount - t.tax_amount)',
    }),
    articleTotals,
  ],
  payments: [
    aggregateSource('payment', { method: { sql: 't.method' } }, {
      'count:': 'sum(t.entries)',
      'sum:amount': 'sum(t.amount)',
    }),
  ],
};
