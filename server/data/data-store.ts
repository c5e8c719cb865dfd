import type { Queryable } from '../db/database';
import type { FieldErrors } from '../lib/api-error';
import type { EntityKind } from './catalogue';
import { rowToRecord, selectColumns, toSqlParam, writableColumns } from './record-codec';
import { scopeConditions, type RowScope } from './row-scope';
import { quoteIdent as q, uniqueIndexName } from './sql-names';
import { actorFromItem, type Actor } from '../audit/audit-actor';

/** Who changed a record last and when (the user's name as signed in; ISO time). */
export interface LastChange {
  by: string | null;
  at: string;
}

/** A stored record with its row version, and (when read by `readStored`) its last change. */
export interface StoredRecord {
  record: Record<string, unknown>;
  rowVersion: number;
  modified?: LastChange;
}

function scope(kind: EntityKind, params: unknown[], tenantOid: number | undefined): string {
  if (!kind.tenantScoped) return '';
  params.push(tenantOid);
  return ` and "TenantOid" = $${params.length}`;
}

function inScope(kind: EntityKind, params: unknown[], rowScope: RowScope): string {
  return scopeConditions(kind, rowScope, params).map((c) => ` and ${c}`).join('');
}

function stored(kind: EntityKind, row: Record<string, unknown> | undefined): StoredRecord | undefined {
  if (!row) return undefined;
  const result: StoredRecord = { record: rowToRecord(kind, row), rowVersion: Number(row.row_version) };
  if (row.modified_at !== undefined) result.modified = { by: (row.modified_by as string | null) ?? null, at: new Date(row.modified_at as string | Date).toISOString() };
  return result;
}

/** Reads one record within the scope (tenant, and location and terminal where pinned); `lock` takes a row lock. */
export async function readStored(db: Queryable, kind: EntityKind, oid: number, rowScope: RowScope, lock = false): Promise<StoredRecord | undefined> {
  const params: unknown[] = [oid];
  // The last change comes along so a 409 can say who changed the record and when.
  const sql = `select ${selectColumns(kind)}, modified_at, modified_by from ${q(kind.table)} where "Oid" = $1${inScope(kind, params, rowScope)}${lock ? ' for update' : ''}`;
  // Prepared: the read of one record is the hottest statement of the service.
  return stored(kind, (await db.query(sql, params, { prepare: true })).rows[0]);
}

/** Inserts a record (its Disabled and declared fields) and answers it as stored. */
export async function insertStored(tx: Queryable, kind: EntityKind, record: Record<string, unknown>, tenantOid: number | undefined, user: string): Promise<StoredRecord> {
  const columns = writableColumns(kind);
  const params: unknown[] = [];
  const values = columns.map((name) => {
    const { value, cast } = toSqlParam(kind, name, record[name]);
    params.push(value);
    return `$${params.length}::${cast}`;
  });
  const names = columns.map(q);
  if (kind.tenantScoped) {
    names.push('"TenantOid"');
    params.push(tenantOid);
    values.push(`$${params.length}`);
  }
  params.push(user);
  const sql = `insert into ${q(kind.table)} (${names.join(', ')}, created_by, modified_by) values (${values.join(', ')}, $${params.length}, $${params.length}) returning ${selectColumns(kind)}`;
  return stored(kind, (await tx.query(sql, params)).rows[0])!;
}

/**
 * Updates a record if it still has `rowVersion` and lies in the scope; undefined when another write came first.
 * One statement, atomic by itself: the version check makes it safe without a lock or an explicit transaction.
 */
export async function updateStored(tx: Queryable, kind: EntityKind, oid: number, rowVersion: number, record: Record<string, unknown>, user: string, rowScope?: RowScope, actor?: Actor): Promise<StoredRecord | undefined> {
  const params: unknown[] = [oid, rowVersion, user];
  // Outside a transaction that names its actor, the statement names it (audit-actor.ts).
  const from = actor ? ` from ${actorFromItem(params, actor)}` : '';
  const sets = writableColumns(kind).map((name) => {
    const { value, cast } = toSqlParam(kind, name, record[name]);
    params.push(value);
    return `${q(name)} = $${params.length}::${cast}`;
  });
  const sql = `update ${q(kind.table)} set ${sets.join(', ')}, row_version = row_version + 1, modified_at = now(), modified_by = $3${from}
    where "Oid" = $1 and row_version = $2${rowScope ? inScope(kind, params, rowScope) : ''} returning ${selectColumns(kind)}`;
  return stored(kind, (await tx.query(sql, params)).rows[0]);
}

/** Deletes a record if it still has `rowVersion` (and lies in the scope); `actor` as in updateStored. */
export async function deleteStored(tx: Queryable, kind: EntityKind, oid: number, rowVersion: number, rowScope?: RowScope, actor?: Actor): Promise<boolean> {
  const params: unknown[] = [oid, rowVersion];
  const using = actor ? ` using ${actorFromItem(params, actor)}` : '';
  return (await tx.query(`delete from ${q(kind.table)}${using} where "Oid" = $1 and row_version = $2${rowScope ? inScope(kind, params, rowScope) : ''}`, params)).rowCount > 0;
}

/** The unique fields whose value another record (of the same tenant) already has. */
export async function uniqueConflicts(tx: Queryable, kind: EntityKind, record: Record<string, unknown>, tenantOid: number | undefined, exceptOid?: number): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const field of kind.doc.fields.filter((f) => f.unique)) {
    const value = record[field.name];
    if (value === null || value === undefined) continue;
    const { value: sqlValue, cast } = toSqlParam(kind, field.name, value);
    const params: unknown[] = [sqlValue, exceptOid ?? 0];
    const sql = `select 1 from ${q(kind.table)} where ${q(field.name)} = $1::${cast} and "Oid" <> $2${scope(kind, params, tenantOid)} limit 1`;
    if ((await tx.query(sql, params)).rowCount > 0) errors[field.name] = [`${field.name} '${String(value)}' already exists.`];
  }
  return errors;
}

/** The field of a unique index named in a unique-violation error (a race the pre-check did not see). */
export function fieldOfUniqueIndex(kind: EntityKind, constraint: string | undefined): string | undefined {
  return kind.doc.fields.find((f) => f.unique && uniqueIndexName(kind.table, f.name) === constraint)?.name;
}
