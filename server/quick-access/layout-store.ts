import type { Queryable } from '../db/database';
import type { LayoutContent, LayoutKind } from '../../schemas/pos-layout';
import type { ResolvedScope } from '../pos-settings/settings-scope';

/** One stored layout as its row reads. */
export interface StoredLayout {
  oid: number;
  kind: LayoutKind;
  name: string;
  scope: string;
  tenantOid: number | null;
  country: string | null;
  content: LayoutContent;
  version: number;
  modifiedAt: string;
  modifiedBy: string;
}

interface Row {
  oid: string;
  kind: LayoutKind;
  name: string;
  scope: string;
  tenant_oid: string | null;
  country: string | null;
  content: LayoutContent;
  version: number;
  modified_at: Date | string;
  modified_by_name: string;
}

const COLUMNS = 'oid, kind, name, scope, tenant_oid, country, content, version, modified_at, modified_by_name';

const fromRow = (row: Row): StoredLayout => ({
  oid: Number(row.oid),
  kind: row.kind,
  name: row.name,
  scope: row.scope,
  tenantOid: row.tenant_oid === null ? null : Number(row.tenant_oid),
  country: row.country,
  content: row.content,
  version: Number(row.version),
  modifiedAt: new Date(row.modified_at).toISOString(),
  modifiedBy: row.modified_by_name,
});

/** Whose layouts a caller may list: global and country ones when they read anywhere, and those of their tenants. */
export interface LayoutVisibility {
  global: boolean;
  tenantOids: number[];
}

export async function listLayouts(db: Queryable, kind: LayoutKind, visibility: LayoutVisibility, scope?: string): Promise<StoredLayout[]> {
  const rows = await db.query<Row>(
    `select ${COLUMNS} from mate_pos_layout
      where kind = $1 and ($2::text is null or scope = $2)
        and ((tenant_oid is null and $3::boolean) or tenant_oid = any($4::bigint[]))
      order by lower(name), scope, oid`,
    [kind, scope ?? null, visibility.global, visibility.tenantOids],
  );
  return rows.rows.map(fromRow);
}

export async function readLayout(db: Queryable, kind: LayoutKind, oid: number): Promise<StoredLayout | undefined> {
  const row = (await db.query<Row>(`select ${COLUMNS} from mate_pos_layout where kind = $1 and oid = $2`, [kind, oid])).rows[0];
  return row ? fromRow(row) : undefined;
}

/** Whether a layout of that name is stored at the scope already (other than `except`). */
export async function nameTaken(db: Queryable, kind: LayoutKind, scope: string, name: string, except?: number): Promise<boolean> {
  const rows = await db.query('select 1 from mate_pos_layout where kind = $1 and scope = $2 and lower(name) = lower($3) and oid <> $4', [kind, scope, name, except ?? 0]);
  return rows.rows.length > 0;
}

export interface Author {
  userOid: number;
  userName: string;
}

export async function insertLayout(db: Queryable, kind: LayoutKind, scope: ResolvedScope, name: string, content: LayoutContent, author: Author): Promise<StoredLayout> {
  const row = (
    await db.query<Row>(
      `insert into mate_pos_layout (kind, name, scope, tenant_oid, country, content, modified_by, modified_by_name)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) returning ${COLUMNS}`,
      [kind, name, scope.scope, scope.tenantOid, scope.country, JSON.stringify(content), author.userOid, author.userName],
    )
  ).rows[0]!;
  return fromRow(row);
}

/** Stores a new state when the row is still at `version`; undefined when someone saved in between. */
export async function updateLayout(db: Queryable, oid: number, version: number, scope: ResolvedScope, name: string, content: LayoutContent, author: Author): Promise<StoredLayout | undefined> {
  const row = (
    await db.query<Row>(
      `update mate_pos_layout set name = $3, scope = $4, tenant_oid = $5, country = $6, content = $7::jsonb, version = version + 1,
              modified_at = now(), modified_by = $8, modified_by_name = $9
        where oid = $1 and version = $2 returning ${COLUMNS}`,
      [oid, version, name, scope.scope, scope.tenantOid, scope.country, JSON.stringify(content), author.userOid, author.userName],
    )
  ).rows[0];
  return row ? fromRow(row) : undefined;
}

export async function deleteLayout(db: Queryable, oid: number): Promise<void> {
  await db.query('delete from mate_pos_layout where oid = $1', [oid]);
}

/**
 * The layouts a terminal shows, per kind: by name, the one of the nearest scope of its chain (a terminal's own
 * "Drinks" replaces its location's, which replaces the tenant's ...), in name order.
 */
export async function effectiveLayouts(db: Queryable, chain: readonly string[]): Promise<Record<LayoutKind, { name: string; scope: string; content: LayoutContent }[]>> {
  const rows = await db.query<Row>(`select ${COLUMNS} from mate_pos_layout where scope = any($1::text[]) order by lower(name), oid`, [[...chain]]);
  const rank = (scope: string) => chain.indexOf(scope);
  const result: Record<LayoutKind, Map<string, StoredLayout>> = { 'quick-access': new Map(), 'article-quick-selection': new Map() };
  for (const layout of rows.rows.map(fromRow)) {
    const byName = result[layout.kind];
    if (!byName) continue;
    const key = layout.name.toLowerCase();
    const held = byName.get(key);
    if (!held || rank(layout.scope) > rank(held.scope)) byName.set(key, layout);
  }
  const list = (byName: Map<string, StoredLayout>) => [...byName.values()].map((layout) => ({ name: layout.name, scope: layout.scope, content: layout.content }));
  return { 'quick-access': list(result['quick-access']), 'article-quick-selection': list(result['article-quick-selection']) };
}
