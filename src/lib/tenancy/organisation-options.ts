/** Limits of the organisation selector (spec 1 §6, §9). */
export const ORGANISATION_LIMITS = { recent: 3, groupAbove: 7, searchAbove: 8 } as const;

/** One tenant as the selector lists it. */
export interface TenantOption {
  oid: number;
  text: string;
  country?: string;
  /** The tenant's code (its Id, 'MATE-DE'), searched besides the name and the number. */
  code?: string;
  /** The parent tenant's oid; 0 or missing for a root. */
  parentOid?: number;
}

/** A tenant in the tree of the selector, with its depth below its root (0). */
export interface TenantNode extends TenantOption {
  depth: number;
}

/** What the selector shows: a recent group (only above 7 tenants), the tree of all, and whether to offer search. */
export interface OrganisationGroups {
  recent: TenantOption[];
  all: TenantNode[];
  searchable: boolean;
}

/**
 * The tenants in tree order: each root (no parent among the tenants), then its children by name, depth first. A
 * search keeps the matching tenants and their ancestors, so a match still shows where it belongs.
 */
export function tenantTree(tenants: readonly TenantOption[], matches: (tenant: TenantOption) => boolean = () => true): TenantNode[] {
  const known = new Set(tenants.map((tenant) => tenant.oid));
  const parentOf = (tenant: TenantOption) => (tenant.parentOid && tenant.parentOid !== tenant.oid && known.has(tenant.parentOid) ? tenant.parentOid : undefined);
  const children = new Map<number | undefined, TenantOption[]>();
  for (const tenant of [...tenants].sort((a, b) => a.text.localeCompare(b.text))) children.set(parentOf(tenant), [...(children.get(parentOf(tenant)) ?? []), tenant]);
  const out: TenantNode[] = [];
  const visit = (tenant: TenantOption, depth: number, seen: Set<number>): boolean => {
    if (seen.has(tenant.oid)) return false; // a cycle in the parents: list the tenant once
    seen.add(tenant.oid);
    const at = out.length;
    out.push({ ...tenant, depth });
    let kept = matches(tenant);
    for (const child of children.get(tenant.oid) ?? []) kept = visit(child, depth + 1, seen) || kept;
    if (!kept) out.splice(at);
    return kept;
  };
  const seen = new Set<number>();
  for (const root of children.get(undefined) ?? []) visit(root, 0, seen);
  return out;
}

/** Puts the most recent tenant first and keeps 3. */
export function rememberTenant(recent: readonly number[], oid: number): number[] {
  return [oid, ...recent.filter((entry) => entry !== oid)].slice(0, ORGANISATION_LIMITS.recent);
}

/**
 * Groups and filters the tenants; the search text matches name, code or oid, case-insensitively. The tree keeps every
 * tenant, also those of the recent group: without its root or a country the tree would lose its shape.
 */
export function organisationGroups(tenants: readonly TenantOption[], recentOids: readonly number[], search = ''): OrganisationGroups {
  const searchable = tenants.length > ORGANISATION_LIMITS.searchAbove;
  const term = searchable ? search.trim().toLocaleLowerCase() : '';
  const matches = (tenant: TenantOption) => !term || [tenant.text, tenant.code ?? '', String(tenant.oid)].some((text) => text.toLocaleLowerCase().includes(term));
  const all = tenantTree(tenants, matches);
  if (tenants.length <= ORGANISATION_LIMITS.groupAbove) return { recent: [], all, searchable };
  const recent = recentOids
    .slice(0, ORGANISATION_LIMITS.recent)
    .map((oid) => tenants.find((tenant) => tenant.oid === oid))
    .filter((tenant): tenant is TenantOption => !!tenant && matches(tenant));
  return { recent, all, searchable };
}
