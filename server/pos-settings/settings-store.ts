import type { Queryable } from '../db/database';
import type { ResolvedScope, ScopeRef } from './settings-scope';

/** The values set at some scopes: scope text -> path -> value. */
export type ScopeValues = Map<string, Map<string, unknown>>;

// jsonb is read as text: PGlite parses jsonb and pg does too, but a stored JSON string would be ambiguous otherwise.
const parseJson = (text: string | null): unknown => (text === null ? undefined : (JSON.parse(text) as unknown));

/** The values set at the given scopes (a chain), read in one statement. */
export async function readScopeValues(db: Queryable, scopes: readonly string[]): Promise<ScopeValues> {
  const values: ScopeValues = new Map(scopes.map((scope) => [scope, new Map()]));
  if (scopes.length === 0) return values;
  const rows = await db.query<{ scope: string; path: string; value: string }>('select scope, path, value::text as value from mate_pos_setting where scope = any($1::text[])', [[...scopes]]);
  for (const row of rows.rows) values.get(row.scope)?.set(row.path, parseJson(row.value));
  return values;
}

/** Who changed something, for the log. */
export interface ChangeAuthor {
  userOid: number | null;
  userName: string;
}

/** One recorded change as GET /api/pos-settings/recent-changes answers it (spec 2 §3 "Configuration change"). */
export interface ConfigurationChange {
  oid: number;
  modifiedAt: string;
  path: string;
  value: unknown;
  previousValue: unknown;
  userName: string;
  /** 'Deleted': the value was reset (removed at its scope); 'Modified': it was set. */
  state: 'Deleted' | 'Modified';
  /** From global down to the scope the change was made at. */
  scope: ScopeRef[];
}

/**
 * Sets (value defined) or removes (undefined) the value of `path` at a scope and records the change, inside the
 * caller's transaction. Answers the previous value (undefined: none was set); setting the same value again changes
 * and records nothing.
 */
export async function writeScopeValue(tx: Queryable, scope: ResolvedScope, path: string, value: unknown, author: ChangeAuthor): Promise<{ previous: unknown; changed: boolean }> {
  const found = await tx.query<{ value: string }>('select value::text as value from mate_pos_setting where scope = $1 and path = $2 for update', [scope.scope, path]);
  const previous = found.rows[0] ? parseJson(found.rows[0].value) : undefined;
  if (value === undefined && previous === undefined) return { previous, changed: false };
  if (value !== undefined && previous !== undefined && JSON.stringify(previous) === JSON.stringify(value)) return { previous, changed: false };
  if (value === undefined) await tx.query('delete from mate_pos_setting where scope = $1 and path = $2', [scope.scope, path]);
  else
    await tx.query(
      `insert into mate_pos_setting (scope, path, value, tenant_oid, country, modified_by) values ($1, $2, $3::jsonb, $4, $5, $6)
        on conflict (scope, path) do update set value = excluded.value, modified_at = now(), modified_by = excluded.modified_by`,
      [scope.scope, path, JSON.stringify(value), scope.tenantOid, scope.country, author.userOid],
    );
  await tx.query(
    `insert into mate_pos_setting_change (scope, scope_chain, tenant_oid, country, path, value, previous_value, deleted, user_oid, user_name)
      values ($1, $2::jsonb, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10)`,
    [scope.scope, JSON.stringify(scope.chain), scope.tenantOid, scope.country, path, value === undefined ? null : JSON.stringify(value), previous === undefined ? null : JSON.stringify(previous), value === undefined, author.userOid, author.userName],
  );
  return { previous, changed: true };
}

/** Which changes a reader may see: global ones, those of some countries, those of some tenants. */
export interface ChangeVisibility {
  global: boolean;
  countries: string[];
  tenantOids: number[];
}

/** The newest changes within `days`, newest first, that the reader may see. */
export async function readRecentChanges(db: Queryable, visibility: ChangeVisibility, days: number, take: number): Promise<ConfigurationChange[]> {
  const rows = await db.query<{ oid: string | number; modified_at: Date | string; path: string; value: string | null; previous_value: string | null; user_name: string; deleted: boolean; scope_chain: string }>(
    `select oid, modified_at, path, value::text as value, previous_value::text as previous_value, user_name, deleted, scope_chain::text as scope_chain from mate_pos_setting_change
      where modified_at > now() - make_interval(days => $1::int)
        and ((scope = 'GLOBAL' and $2::boolean) or (tenant_oid is null and country = any($3::text[])) or tenant_oid = any($4::bigint[]))
      order by modified_at desc, oid desc limit $5`,
    [days, visibility.global, visibility.countries, visibility.tenantOids, take],
  );
  return rows.rows.map((row) => ({
    oid: Number(row.oid),
    modifiedAt: new Date(row.modified_at).toISOString(),
    path: row.path,
    value: parseJson(row.value) ?? null,
    previousValue: parseJson(row.previous_value) ?? null,
    userName: row.user_name,
    state: row.deleted ? 'Deleted' : 'Modified',
    scope: parseJson(row.scope_chain) as ScopeRef[],
  }));
}
