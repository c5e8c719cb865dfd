import type { Catalogue } from '../data/catalogue';
import type { Queryable } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import type { DocumentLock } from '../../schemas/diagnostics-wire';

/** The navigation path whose rights, per tenant, govern the locks: Read to see them, Delete to release one. */
export const DOCUMENT_LOCKS_PATH = '/diagnostics/document-locks';
/** The entity kind that holds the locks (server/metadata/pos-operating/document-lock.json). */
export const DOCUMENT_LOCK_KIND = 'pos-operating/document-lock';

/** One lock on a document as the page shows it (schemas/diagnostics-wire.ts). */
export type DocumentLockRow = DocumentLock;

/** The tables the locks are read from and joined with; undefined when the catalogue lacks the lock kind. */
export interface LockTables {
  lock: string;
  tenant?: string;
  location?: string;
  pos?: string;
}

export function lockTablesOf(catalogue: Catalogue): LockTables | undefined {
  const lock = catalogue.find('pos-operating', 'document-lock')?.table;
  if (!lock) return undefined;
  return { lock, tenant: catalogue.find('tenancy', 'tenant')?.table, location: catalogue.find('tenancy', 'location')?.table, pos: catalogue.find('tenancy', 'pos-terminal')?.table };
}

type Row = {
  oid: string | number;
  row_version: string | number;
  tenant_oid: string | number;
  country: string | null;
  tenant_name: string | null;
  document_uid: string;
  document_type: string | number | null;
  document_number: string | null;
  location_oid: string | number | null;
  location_name: string | null;
  terminal_oid: string | number | null;
  terminal_name: string | null;
  terminal_number: string | number | null;
  reason: string | null;
  locked_by: string | null;
  locked_at: string | null;
  expires_at: string | null;
};

const num = (value: string | number | null) => (value === null ? null : Number(value));
/** The date-times are text columns (String fields with usage DateTime): a value that does not parse stays as written. */
const iso = (value: string | null) => {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
};

function rowOf(row: Row, now: Date): DocumentLockRow {
  const expires = row.expires_at === null ? NaN : Date.parse(row.expires_at);
  return {
    oid: Number(row.oid),
    country: row.country,
    tenantOid: Number(row.tenant_oid),
    tenantName: row.tenant_name,
    documentUid: row.document_uid,
    documentType: num(row.document_type),
    documentNumber: row.document_number,
    locationOid: num(row.location_oid),
    locationName: row.location_name,
    terminalOid: num(row.terminal_oid),
    terminalName: row.terminal_name,
    terminalNumber: num(row.terminal_number),
    reason: row.reason,
    lockedBy: row.locked_by,
    lockedAt: iso(row.locked_at),
    expiresAt: iso(row.expires_at),
    // A lease that does not parse cannot be trusted to run out by itself: it counts as stale.
    stale: Number.isNaN(expires) || expires <= now.getTime(),
  };
}

function selectRows(tables: LockTables): string {
  const joins = [
    tables.tenant ? `left join ${q(tables.tenant)} t on t."Oid" = l."TenantOid"` : '',
    tables.location ? `left join ${q(tables.location)} loc on loc."Oid" = l."LocationOid"` : '',
    tables.pos ? `left join ${q(tables.pos)} p on p."Oid" = l."PosTerminalOid"` : '',
  ].join(' ');
  return `select l."Oid" as oid, l.row_version, l."TenantOid" as tenant_oid,
                 coalesce(l."CountryCode", ${tables.tenant ? 't."CountryCode"' : 'null::text'}) as country, ${tables.tenant ? 't."Name"' : 'null::text'} as tenant_name,
                 l."DocumentUid" as document_uid, l."DocumentType" as document_type, l."DocumentNumber" as document_number,
                 l."LocationOid" as location_oid, ${tables.location ? 'loc."Name"' : 'null::text'} as location_name,
                 l."PosTerminalOid" as terminal_oid, ${tables.pos ? 'p."Name"' : 'null::text'} as terminal_name, ${tables.pos ? 'p."TerminalNumber"' : 'null::bigint'} as terminal_number,
                 l."LockReason" as reason, l."LockedBy" as locked_by, l."LockedAt" as locked_at, l."ExpiresAt" as expires_at
            from ${q(tables.lock)} l ${joins}`;
}

/** The locks of `tenantOids`, longest held first, and how many there are. */
export async function readDocumentLocks(db: Queryable, tables: LockTables, tenantOids: number[], page: { skip: number; take: number }, now: Date): Promise<{ items: DocumentLockRow[]; count: number }> {
  if (tenantOids.length === 0) return { items: [], count: 0 };
  const rows = await db.query<Row>(`${selectRows(tables)} where l."TenantOid" = any($1::bigint[]) order by l."LockedAt" nulls first, l."Oid" offset $2 limit $3`, [tenantOids, page.skip, page.take]);
  const count = await db.query<{ n: number }>(`select count(*)::int as n from ${q(tables.lock)} where "TenantOid" = any($1::bigint[])`, [tenantOids]);
  return { items: rows.rows.map((row) => rowOf(row, now)), count: count.rows[0]?.n ?? 0 };
}

/** One lock with its row version (for the data event of its release), or undefined. */
export async function readDocumentLock(db: Queryable, tables: LockTables, oid: number, now: Date): Promise<(DocumentLockRow & { rowVersion: number }) | undefined> {
  const row = (await db.query<Row>(`${selectRows(tables)} where l."Oid" = $1`, [oid])).rows[0];
  return row ? { ...rowOf(row, now), rowVersion: Number(row.row_version) } : undefined;
}

/** Deletes the lock; answers whether it was still there. */
export async function releaseDocumentLock(db: Queryable, tables: LockTables, oid: number): Promise<boolean> {
  return (await db.query(`delete from ${q(tables.lock)} where "Oid" = $1`, [oid])).rowCount > 0;
}
