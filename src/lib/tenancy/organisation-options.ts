/** Limits of the organisation selector (spec 1 §6, §9). */
export const ORGANISATION_LIMITS = { recent: 3, groupAbove: 7, searchAbove: 8 } as const;

/** One tenant as the selector lists it. */
export interface TenantOption {
  oid: number;
  text: string;
  country?: string;
}

/** What the selector shows: a recent group (only above 7 tenants), the rest, and whether to offer search. */
export interface OrganisationGroups {
  recent: TenantOption[];
  all: TenantOption[];
  searchable: boolean;
}

/** Puts the most recent tenant first and keeps 3. */
export function rememberTenant(recent: readonly number[], oid: number): number[] {
  return [oid, ...recent.filter((entry) => entry !== oid)].slice(0, ORGANISATION_LIMITS.recent);
}

/** Groups and filters the tenants; the search text matches name or oid, case-insensitively. */
export function organisationGroups(tenants: readonly TenantOption[], recentOids: readonly number[], search = ''): OrganisationGroups {
  const searchable = tenants.length > ORGANISATION_LIMITS.searchAbove;
  const term = searchable ? search.trim().toLowerCase() : '';
  const matches = (tenant: TenantOption) => !term || tenant.text.toLowerCase().includes(term) || String(tenant.oid).includes(term);
  const sorted = [...tenants].sort((a, b) => a.text.localeCompare(b.text));
  if (tenants.length <= ORGANISATION_LIMITS.groupAbove) return { recent: [], all: sorted.filter(matches), searchable };
  const recent = recentOids
    .slice(0, ORGANISATION_LIMITS.recent)
    .map((oid) => tenants.find((tenant) => tenant.oid === oid))
    .filter((tenant): tenant is TenantOption => !!tenant && matches(tenant));
  return { recent, all: sorted.filter((tenant) => matches(tenant) && !recent.includes(tenant)), searchable };
}
