import type { Queryable } from '../db/database';
import type { ResolvedScope, ScopeRef } from './settings-scope';

/** The values set at some scopes: scope text -> path -> value. */
export type ScopeValues = Map<string, Map<string, unknown>>;

// jsonb is read as text: PGlite parses jsonb and pg does too, but a stored JSON string would be ambiguous otherwise.
const parseJson = (text: string | null): unknown => (text === null ? undefined : (JSON.parse(text) as unknown));

/** The values of a settings target set at the given scopes (a chain), read in one statement. */
export async function readScopeValues(db: Queryable, target: string, scopes: readonly string[]): Promise<ScopeValues> {
  const values: ScopeValues = new Map(scopes.map((scope) => [scope, new Map()]));
  if (scopes.length === 0) return values;
  const rows = await db.query<{ scope: string; path: string; value: string }>('select scope, path, value::text as value from mate_pos_setting where target = $1 and scope = any($2::text[])', [target, [...scopes]]);
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
  /** The settings target (pos, backoffice, ...) and its name in the reader's language. */
  target: string;
  targetText: string;
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
export async function writeScopeValue(tx: Queryable, target: string, scope: ResolvedScope, path: string, value: unknown, author: ChangeAuthor): Promise<{ previous: unknown; changed: boolean }> {
  const found = await tx.query<{ value: string }>('select value::text as value from mate_pos_setting where target = $1 and scope = $2 and path = $3 for update', [target, scope.scope, path]);
  const previous = found.rows[0] ? parseJson(found.rows[0].value) : undefined;
  if (value === undefined && previous === undefined) return { previous, changed: false };
  if (value !== undefined && previous !== undefined && JSON.stringify(previous) === JSON.stringify(value)) return { previous, changed: false };
  if (value === undefined) await tx.query('delete from mate_pos_setting where target = $1 and scope = $2 and path = $3', [target, scope.scope, path]);
  else
    await tx.query(
      `insert into mate_pos_setting (scope, path, value, tenant_oid, country, modified_by, target) values ($1, $2, $3::jsonb, $4, $5, $6, $7)
        on conflict (target, scope, path) do update set value = excluded.value, modified_at = now(), modified_by = excluded.modified_by`,
      [scope.scope, path, JSON.stringify(value), scope.tenantOid, scope.country, author.userOid, target],
    );
  await tx.query(
    `insert into mate_pos_setting_change (scope, scope_chain, tenant_oid, country, path, value, previous_value, deleted, user_oid, user_name, target)
      values ($1, $2::jsonb, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10, $11)`,
    [scope.scope, JSON.stringify(scope.chain), scope.tenantOid, scope.country, path, value === undefined ? null : JSON.stringify(value), previous === undefined ? null : JSON.stringify(previous), value === undefined, author.userOid, author.userName, target],
  );
  return { previous, changed: true };
}

/** Which changes a reader may see: global ones, those of some countries, those of some tenants. */
export interface ChangeVisibility {
  global: boolean;
  countries: string[];
  tenantOids: number[];
}

/** The newest changes within `days`, newest first, that the reader may see: per target, what its visibility lets through. */
export async function readRecentChanges(db: Queryable, visibility: ReadonlyMap<string, ChangeVisibility>, days: number, take: number, textOf: (target: string) => string): Promise<ConfigurationChange[]> {
  const targets = [...visibility.keys()];
  const of = (pick: (seen: ChangeVisibility) => unknown) => targets.map((target) => pick(visibility.get(target)!));
  // One row per target with what its reader may see of it, joined to the changes (jsonb carries the lists per target).
  const rows = await db.query<{ oid: string | number; target: string; modified_at: Date | string; path: string; value: string | null; previous_value: string | null; user_name: string; deleted: boolean; scope_chain: string }>(
    `select c.oid, c.target, c.modified_at, c.path, c.value::text as value, c.previous_value::text as previous_value, c.user_name, c.deleted, c.scope_chain::text as scope_chain
       from mate_pos_setting_change c
       join unnest($2::text[], $3::boolean[], $4::jsonb[], $5::jsonb[]) as v(target, global, countries, tenants) on v.target = c.target
      where c.modified_at > now() - make_interval(days => $1::int)
        and ((c.scope = 'GLOBAL' and v.global)
          or (c.tenant_oid is null and v.countries ? c.country)
          or v.tenants @> to_jsonb(c.tenant_oid))
      order by c.modified_at desc, c.oid desc limit $6`,
    [days, targets, of((seen) => seen.global), of((seen) => JSON.stringify(seen.countries)), of((seen) => JSON.stringify(seen.tenantOids)), take],
  );
  return rows.rows.map((row) => ({
    oid: Number(row.oid),
    target: row.target,
    targetText: textOf(row.target),
    modifiedAt: new Date(row.modified_at).toISOString(),
    path: row.path,
    value: parseJson(row.value) ?? null,
    previousValue: parseJson(row.previous_value) ?? null,
    userName: row.user_name,
    state: row.deleted ? 'Deleted' : 'Modified',
    scope: parseJson(row.scope_chain) as ScopeRef[],
  }));
}
