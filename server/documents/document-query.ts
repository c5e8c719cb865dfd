import type { DocumentSummary } from '../../schemas/document-wire';
import type { Queryable } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import { COUNT_LIMIT, countOf } from '../data/list-query';
import { documentPathOfKind } from './document-types';
import { BUSINESS_DAY_MARGIN, BUSINESS_ZONE_FUNCTION } from './business-day';

const oid = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const day = { type: 'string', format: 'date', maxLength: 10 } as const;
const amount = { type: 'number', minimum: -1e9, maximum: 1e9 } as const;
const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001f]*$' }) as const;

/** The sort keys of the list; a leading '-' sorts descending. */
export const DOCUMENT_SORTS = ['date', '-date', 'amount', '-amount', 'number', '-number'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

/**
 * The query of `GET /api/documents/{group}/{type}`: the query form of the data grids (date range by whole UTC days,
 * the 'to' day included; location, terminal, operator, amount range, article number, tenant) and offset paging.
 * The drill-down links of reports use the same names (docs/documents.md).
 */
export const DOCUMENT_LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: { ...day, description: 'first day (YYYY-MM-DD, UTC)' },
    to: { ...day, description: 'last day, included (YYYY-MM-DD, UTC)' },
    location: { ...oid, description: 'Oid of the location the terminal stood in at intake' },
    terminal: { ...oid, description: 'Oid of the POS terminal' },
    operator: { ...text(40), description: 'the operator, contained text, any case' },
    article: { ...text(32), description: 'an article number on one of the lines' },
    amountMin: { ...amount, description: 'smallest total' },
    amountMax: { ...amount, description: 'largest total' },
    tenant: { ...oid, description: 'only this tenant (default: every tenant where the caller may read the type)' },
    orderBy: { type: 'string', enum: [...DOCUMENT_SORTS], default: '-date' },
    skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    take: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
  },
} as const;

/** A checked list query. */
export interface DocumentListQuery {
  from?: string;
  to?: string;
  location?: number;
  terminal?: number;
  operator?: string;
  article?: string;
  amountMin?: number;
  amountMax?: number;
  tenant?: number;
  orderBy: DocumentSort;
  skip: number;
  take: number;
}

/** Where the list may look: the tenants, the kind, and the location and terminal the scope headers pin. */
export interface DocumentScope {
  tenantOids: readonly number[];
  kind: string;
  locationOid?: number;
  terminalOid?: number;
}

/** The entity tables whose names the list shows. */
export interface DocumentTables {
  locationTable: string;
  terminalTable: string;
}

/** One row of the list: a wire shape shared with the viewer (schemas/document-wire.ts). */
export type { DocumentSummary };

type Row = {
  oid: string | number;
  document_id: string;
  receipt_number: string | number | null;
  tenant_oid: string | number;
  kind: string;
  created_at: Date | string;
  business_day: string;
  time_zone: string;
  currency: string;
  total: string | number;
  terminal_oid: string | number;
  terminal_name: string | null;
  location_oid: string | number | null;
  location_name: string | null;
  operator: string | null;
  references_id: string | null;
  processed_at: Date | string | null;
  processing_error: string | null;
};

const ORDER: Record<DocumentSort, string> = {
  date: 'd.created_at asc, d.oid asc',
  '-date': 'd.created_at desc, d.oid desc',
  amount: 'd.total asc, d.oid asc',
  '-amount': 'd.total desc, d.oid desc',
  number: 'd.receipt_number asc nulls last, d.oid asc',
  '-number': 'd.receipt_number desc nulls last, d.oid desc',
};

/** The columns and joins every read of documents shares. */
export function documentSelect(tables: DocumentTables): string {
  return `select d.oid, d.document_id, d.receipt_number, d.tenant_oid, d.kind, d.created_at, to_char(d.business_day, 'YYYY-MM-DD') as business_day,
                 ${BUSINESS_ZONE_FUNCTION}(d.tenant_oid, d.location_oid) as time_zone, d.currency, d.total, d.terminal_oid,
                 t."Name" as terminal_name, d.location_oid, l."Name" as location_name, d.operator, d.references_id, d.processed_at, d.processing_error
            from mate_terminal_document d
            left join ${q(tables.terminalTable)} t on t."Oid" = d.terminal_oid
            left join ${q(tables.locationTable)} l on l."Oid" = d.location_oid`;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A row of documentSelect as the API answers it. */
export function documentSummaryOf(row: Row): DocumentSummary {
  return {
    oid: Number(row.oid),
    uid: row.document_id,
    id: row.receipt_number === null ? null : Number(row.receipt_number),
    tenantOid: Number(row.tenant_oid),
    kind: row.kind,
    createdAt: iso(row.created_at),
    businessDay: row.business_day,
    timeZone: row.time_zone,
    currency: row.currency,
    total: Number(row.total),
    terminalOid: Number(row.terminal_oid),
    terminalName: row.terminal_name,
    locationOid: row.location_oid === null ? null : Number(row.location_oid),
    locationName: row.location_name,
    operator: row.operator,
    references: row.references_id,
    processed: row.processed_at !== null,
    processingError: row.processing_error,
    path: documentPathOfKind(row.kind),
  };
}

/** The day after a YYYY-MM-DD day, so that the 'to' day is included. */
function nextDay(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The where clause of a list query, its values pushed onto `params`. `tenant` is what a document's tenant must equal
 * (default: any of the scope's); the lines of the article filter are looked up by it too, so that their
 * (tenant, article number) index finds them without reading every line of the article in other tenants' order.
 */
export function documentConditions(scope: DocumentScope, query: DocumentListQuery, params: unknown[], tenant?: string): string[] {
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const tenantMatch = tenant ?? `any(${add(scope.tenantOids)}::bigint[])`;
  const where = [`d.tenant_oid = ${tenantMatch}`, `d.kind = ${add(scope.kind)}`];
  if (scope.locationOid !== undefined) where.push(`d.location_oid = ${add(scope.locationOid)}`);
  if (scope.terminalOid !== undefined) where.push(`d.terminal_oid = ${add(scope.terminalOid)}`);
  // The range is of business days (each document's day in its location's time zone, business-day.ts); the creation
  // time, widened by the largest offset a zone has, lets the (tenant, created_at) indexes narrow the scan first.
  if (query.from !== undefined) {
    const from = add(query.from);
    where.push(`d.business_day >= ${from}::date`, `d.created_at >= (${from}::date)::timestamp at time zone 'UTC' - ${BUSINESS_DAY_MARGIN}`);
  }
  if (query.to !== undefined) {
    const to = add(nextDay(query.to));
    where.push(`d.business_day < ${to}::date`, `d.created_at < (${to}::date)::timestamp at time zone 'UTC' + ${BUSINESS_DAY_MARGIN}`);
  }
  if (query.location !== undefined) where.push(`d.location_oid = ${add(query.location)}`);
  if (query.terminal !== undefined) where.push(`d.terminal_oid = ${add(query.terminal)}`);
  if (query.operator !== undefined) where.push(`d.operator ilike ${add(`%${likeLiteral(query.operator)}%`)}`);
  if (query.amountMin !== undefined) where.push(`d.total >= ${add(query.amountMin)}`);
  if (query.amountMax !== undefined) where.push(`d.total <= ${add(query.amountMax)}`);
  if (query.article !== undefined) where.push(`exists (select 1 from mate_document_line a where a.tenant_oid = ${tenantMatch} and a.document_oid = d.oid and a.article_number = ${add(query.article)})`);
  return where;
}

/**
 * A page of the list and how many documents match in all: exactly up to the count's limit (`exact`), else the limit
 * and `exact: false` ("more than"), as the data API's count (docs/data-api.md).
 */
export interface DocumentPage {
  items: DocumentSummary[];
  total: number;
  exact: boolean;
}

/**
 * The documents of a kind in the scope that match the query, one page in the asked order, with the count. The count
 * reads at most `countLimit` + 1 matching documents: an exact count read every sale of the tenant for every page
 * (180 ms at 200,000 documents, bench/README.md "scale") and grew with the table.
 */
export async function listDocuments(db: Queryable, tables: DocumentTables, scope: DocumentScope, query: DocumentListQuery, countLimit: number = COUNT_LIMIT): Promise<DocumentPage> {
  if (scope.tenantOids.length === 0) return { items: [], total: 0, exact: true };
  const params: unknown[] = [];
  const where = documentConditions(scope, query, params).join(' and ');
  const count = await db.query<{ n: number }>(`select count(*)::int as n from (select 1 from mate_terminal_document d where ${where} limit ${countLimit + 1}) as matching`, params);
  const page = await db.query<Row>(pageSql(tables, scope, query), params);
  return { items: page.rows.map(documentSummaryOf), ...countOf(count.rows[0]?.n ?? 0, countLimit) };
}

/**
 * One page as the merge of each tenant's first rows: `tenant_oid = any(...)` gives no order, so the database would sort
 * every matching document of all the caller's tenants for 50 of them; per tenant, the (tenant, kind, created_at) index
 * gives the date orders' first rows at once, and the outer sort has at most (skip + take) rows per tenant. Its
 * parameters are those of documentConditions over the same scope and query ($1 the tenants).
 */
function pageSql(tables: DocumentTables, scope: DocumentScope, query: DocumentListQuery): string {
  const params: unknown[] = [scope.tenantOids];
  const where = documentConditions(scope, query, params, 'tenants.oid').join(' and ');
  const order = ORDER[query.orderBy];
  return `select page.* from unnest($1::bigint[]) as tenants(oid)
          cross join lateral (${documentSelect(tables)} where ${where} order by ${order} limit ${query.take + query.skip}) as page
          order by ${order.replace(/\bd\./g, 'page.')} limit ${query.take} offset ${query.skip}`;
}

/** The rows of documentSelect that match a where clause (for the detail: the document, its original, its corrections). */
export async function selectDocuments(db: Queryable, tables: DocumentTables, where: string, params: unknown[], order = 'd.created_at, d.oid'): Promise<DocumentSummary[]> {
  const found = await db.query<Row>(`${documentSelect(tables)} where ${where} order by ${order} limit 100`, params);
  return found.rows.map(documentSummaryOf);
}
