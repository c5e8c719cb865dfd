import type { Catalogue } from '../data/catalogue';
import type { Queryable } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import type { UnprocessedDocument } from '../../schemas/diagnostics-wire';

/** The navigation path whose Read right, per tenant, lets a user see that tenant's unprocessed documents. */
export const UNPROCESSED_DOCUMENTS_PATH = '/diagnostics/unprocessed-documents';

/** One unprocessed document as the overview and the dashboard card show it (schemas/diagnostics-wire.ts). */
export type UnprocessedDocumentRow = UnprocessedDocument;

/** The tables the rows are joined with (tenant names and countries, terminal names); absent ones stay null. */
export interface OverviewTables {
  tenant?: string;
  pos?: string;
}

export const overviewTablesOf = (catalogue: Catalogue): OverviewTables => ({ tenant: catalogue.find('tenancy', 'tenant')?.table, pos: catalogue.find('tenancy', 'pos-terminal')?.table });

type Row = {
  oid: string | number;
  country: string | null;
  tenant_oid: string | number;
  tenant_name: string | null;
  terminal_oid: string | number;
  terminal_name: string | null;
  terminal_number: number | null;
  location_oid: string | number | null;
  document_id: string;
  receipt_number: string | number | null;
  kind: string;
  created_at: Date | string;
  received_at: Date | string;
  currency: string;
  total: string | number;
  processing_error: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function rowOf(row: Row): UnprocessedDocumentRow {
  return {
    oid: Number(row.oid),
    country: row.country,
    tenantOid: Number(row.tenant_oid),
    tenantName: row.tenant_name,
    terminalOid: Number(row.terminal_oid),
    terminalName: row.terminal_name,
    terminalNumber: row.terminal_number === null ? null : Number(row.terminal_number),
    locationOid: row.location_oid === null ? null : Number(row.location_oid),
    uid: row.document_id,
    id: row.receipt_number === null ? null : Number(row.receipt_number),
    kind: row.kind,
    createdAt: iso(row.created_at),
    receivedAt: iso(row.received_at),
    currency: row.currency,
    total: Number(row.total),
    reason: row.processing_error,
  };
}

function selectRows(tables: OverviewTables): string {
  const tenant = tables.tenant ? `left join ${q(tables.tenant)} t on t."Oid" = d.tenant_oid` : '';
  const pos = tables.pos ? `left join ${q(tables.pos)} p on p."Oid" = d.terminal_oid` : '';
  return `select d.oid, ${tables.tenant ? 't."CountryCode"' : 'null::text'} as country, d.tenant_oid, ${tables.tenant ? 't."Name"' : 'null::text'} as tenant_name,
                 d.terminal_oid, ${tables.pos ? 'p."Name"' : 'null::text'} as terminal_name, ${tables.pos ? 'p."TerminalNumber"::int' : 'null::int'} as terminal_number,
                 d.location_oid, d.document_id, d.receipt_number, d.kind, d.created_at, d.received_at, d.currency, d.total, d.processing_error
            from mate_terminal_document d ${tenant} ${pos}`;
}

/** One page of the unprocessed documents of `tenantOids`, newest first, and how many there are in all. */
export async function readUnprocessedDocuments(
  db: Queryable,
  tables: OverviewTables,
  tenantOids: number[],
  page: { skip: number; take: number },
): Promise<{ items: UnprocessedDocumentRow[]; count: number }> {
  if (tenantOids.length === 0) return { items: [], count: 0 };
  const rows = await db.query<Row>(
    `${selectRows(tables)} where d.processed_at is null and d.tenant_oid = any($1::bigint[]) order by d.created_at desc, d.oid desc offset $2 limit $3`,
    [tenantOids, page.skip, page.take],
  );
  const count = await db.query<{ n: number }>('select count(*)::int as n from mate_terminal_document where processed_at is null and tenant_oid = any($1::bigint[])', [tenantOids]);
  return { items: rows.rows.map(rowOf), count: count.rows[0]?.n ?? 0 };
}

/** Per tenant: how many unprocessed documents it has and the newest `newest` of them (tenants with none are left out). */
export interface UnprocessedTenantSummary {
  tenantOid: number;
  tenantName: string | null;
  country: string | null;
  count: number;
  newest: UnprocessedDocumentRow[];
}

/** The dashboard's summary over `tenantOids`: the count in all and, per tenant with any, its count and newest rows. */
export async function summariseUnprocessedDocuments(
  db: Queryable,
  tables: OverviewTables,
  tenantOids: number[],
  newest: number,
): Promise<{ count: number; tenants: UnprocessedTenantSummary[] }> {
  if (tenantOids.length === 0) return { count: 0, tenants: [] };
  const counts = await db.query<{ tenant_oid: string | number; n: number }>(
    'select tenant_oid, count(*)::int as n from mate_terminal_document where processed_at is null and tenant_oid = any($1::bigint[]) group by tenant_oid order by tenant_oid',
    [tenantOids],
  );
  const rows = await db.query<Row>(
    `select * from (
       ${selectRows(tables).replace('select d.oid,', 'select row_number() over (partition by d.tenant_oid order by d.created_at desc, d.oid desc) as rank, d.oid,')}
        where d.processed_at is null and d.tenant_oid = any($1::bigint[])
     ) ranked where rank <= $2 order by tenant_oid, created_at desc, oid desc`,
    [tenantOids, newest],
  );
  const items = rows.rows.map(rowOf);
  const tenants = counts.rows.map((row) => {
    const of = items.filter((item) => item.tenantOid === Number(row.tenant_oid));
    return { tenantOid: Number(row.tenant_oid), tenantName: of[0]?.tenantName ?? null, country: of[0]?.country ?? null, count: row.n, newest: of };
  });
  return { count: tenants.reduce((sum, tenant) => sum + tenant.count, 0), tenants };
}
