import type { Catalogue } from '../data/catalogue';
import type { Queryable } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import type { LayoutContent, LayoutProblem } from '../../schemas/pos-layout';
import type { ResolvedScope, ScopeTables } from '../pos-settings/settings-scope';

/** Where the items and their groups live: the article kind's table (its business number, text and product group). */
export interface TargetTables {
  article: string;
  tenant: string;
}

export function targetTablesOf(catalogue: Catalogue, scopeTables: ScopeTables | undefined): TargetTables | undefined {
  const article = catalogue.find('pos-supply', 'article')?.table;
  return article && scopeTables ? { article, tenant: scopeTables.tenant } : undefined;
}

/**
 * The articles a layout at a scope may sell: those of the scope's tenant; at a country, those of its tenants; at
 * GLOBAL, every tenant's. Disabled articles are not on sale.
 */
function scopeFilter(tables: TargetTables, scope: ResolvedScope, params: unknown[]): string {
  if (scope.tenantOid !== null) {
    params.push(scope.tenantOid);
    return `a."TenantOid" = $${params.length}`;
  }
  if (scope.country !== null) {
    params.push(scope.country);
    return `a."TenantOid" in (select "Oid" from ${q(tables.tenant)} where "CountryCode" = $${params.length})`;
  }
  return 'true';
}

/** Choices for a button's target: items by number or text, or groups by name, that contain the search text. */
export async function searchTargets(db: Queryable, tables: TargetTables, scope: ResolvedScope, buttonKind: 'item' | 'itemGroup', search: string, take: number): Promise<{ value: string; text: string }[]> {
  const params: unknown[] = [];
  const where = scopeFilter(tables, scope, params);
  params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, take);
  const like = `$${params.length - 1}`;
  if (buttonKind === 'item') {
    const rows = await db.query<{ value: string; text: string }>(
      `select distinct on (a."InternalNumber") a."InternalNumber" as value, coalesce(a."Text", '') as text from ${q(tables.article)} a
        where ${where} and not coalesce(a."Disabled", false) and a."InternalNumber" is not null and (a."InternalNumber" ilike ${like} or a."Text" ilike ${like})
        order by a."InternalNumber" limit $${params.length}`,
      params,
    );
    return rows.rows;
  }
  const rows = await db.query<{ value: string }>(
    `select distinct a."ProductGroup" as value from ${q(tables.article)} a where ${where} and a."ProductGroup" is not null and a."ProductGroup" <> '' and a."ProductGroup" ilike ${like} order by 1 limit $${params.length}`,
    params,
  );
  return rows.rows.map((row) => ({ value: row.value, text: row.value }));
}

/**
 * The buttons whose item or group does not exist (any more) where the layout is stored: an article deleted, disabled
 * or renumbered, a product group no article has. The POS would show a button that sells nothing.
 */
export async function missingTargets(db: Queryable, tables: TargetTables | undefined, scope: ResolvedScope, content: LayoutContent): Promise<LayoutProblem[]> {
  if (!tables) return [];
  const wanted = (kind: string) => [...new Set(content.buttons.filter((button) => button.kind === kind).map((button) => button.target))];
  const found = async (kind: 'item' | 'itemGroup', values: string[]): Promise<Set<string>> => {
    if (values.length === 0) return new Set();
    const params: unknown[] = [];
    const where = scopeFilter(tables, scope, params);
    params.push(values);
    const column = kind === 'item' ? '"InternalNumber"' : '"ProductGroup"';
    const disabled = kind === 'item' ? 'and not coalesce(a."Disabled", false)' : '';
    const rows = await db.query<{ value: string }>(`select distinct a.${column} as value from ${q(tables.article)} a where ${where} ${disabled} and a.${column} = any($${params.length}::text[])`, params);
    return new Set(rows.rows.map((row) => row.value));
  };
  const items = await found('item', wanted('item'));
  const groups = await found('itemGroup', wanted('itemGroup'));
  const problems: LayoutProblem[] = [];
  content.buttons.forEach((button, index) => {
    if (button.kind === 'item' && !items.has(button.target)) problems.push({ path: `buttons[${index}].target`, buttonId: button.id, message: `the article ${button.target} does not exist at ${scope.scope}` });
    if (button.kind === 'itemGroup' && !groups.has(button.target)) problems.push({ path: `buttons[${index}].target`, buttonId: button.id, message: `no article has the product group ${button.target} at ${scope.scope}` });
  });
  return problems;
}
