import { defaultValue } from '../../../schemas';
import type { Queryable } from '../../db/database';
import type { EntityKind } from '../../data/catalogue';
import { toSqlParam, writableColumns } from '../../data/record-codec';
import { quoteIdent as q } from '../../data/sql-names';

/** PostgreSQL takes at most 65,535 parameters per statement; stay well below. */
const MAX_PARAMS = 60_000;
/** Rows per statement: large enough that 20,000 articles are a few dozen round trips. */
export const DEFAULT_BATCH_ROWS = 1000;

/** The kind's record with every declared field at its default, then the given values on top. */
export function completeRecord(kind: EntityKind, values: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const field of kind.storedFields) record[field.name] = defaultValue(field);
  for (const [name, value] of Object.entries(values)) if (value !== undefined) record[name] = value;
  return record;
}

/**
 * Inserts records of one kind with multi-row INSERTs (one parameter per value, `batchRows` rows per statement)
 * and answers their Oids in input order. Records must already be complete (completeRecord): a missing field is
 * written as SQL NULL, as the data service would. The Oids come back in VALUES order, which PostgreSQL keeps for
 * a single INSERT ... VALUES ... RETURNING.
 */
export async function insertRecords(
  tx: Queryable,
  kind: EntityKind,
  records: readonly Record<string, unknown>[],
  options: { tenantOid?: number; user?: string; batchRows?: number } = {},
): Promise<number[]> {
  if (kind.tenantScoped && options.tenantOid === undefined) throw new Error(`${kind.kind} is tenant-scoped: a tenantOid is needed`);
  const columns = writableColumns(kind);
  const perRow = columns.length + (kind.tenantScoped ? 1 : 0);
  const batchRows = Math.max(1, Math.min(options.batchRows ?? DEFAULT_BATCH_ROWS, Math.floor((MAX_PARAMS - 1) / perRow)));
  const names = [...columns.map(q), ...(kind.tenantScoped ? ['"TenantOid"'] : []), 'created_by', 'modified_by'].join(', ');
  const casts = columns.map((name) => toSqlParam(kind, name, null).cast);
  const oids: number[] = [];
  let cachedSql: { rows: number; sql: string } | undefined;
  for (let start = 0; start < records.length; start += batchRows) {
    const batch = records.slice(start, start + batchRows);
    const params: unknown[] = [options.user ?? 'demo-seed'];
    if (kind.tenantScoped) params.push(options.tenantOid);
    for (const record of batch) for (const name of columns) params.push(toSqlParam(kind, name, record[name]).value);
    if (cachedSql?.rows !== batch.length) cachedSql = { rows: batch.length, sql: insertSql(kind, names, casts, batch.length) };
    const result = await tx.query<{ Oid: string | number }>(cachedSql.sql, params);
    for (const row of result.rows) oids.push(Number(row.Oid));
  }
  return oids;
}

function insertSql(kind: EntityKind, names: string, casts: string[], rows: number): string {
  // $1 is the user, $2 the tenant (tenant kinds); each row's values follow.
  const first = kind.tenantScoped ? 3 : 2;
  const tuples: string[] = [];
  let n = first;
  for (let r = 0; r < rows; r += 1) {
    const values = casts.map((cast) => `$${n++}::${cast}`);
    if (kind.tenantScoped) values.push('$2::bigint');
    values.push('$1', '$1');
    tuples.push(`(${values.join(', ')})`);
  }
  return `insert into ${q(kind.table)} (${names}) values ${tuples.join(', ')} returning "Oid"`;
}
