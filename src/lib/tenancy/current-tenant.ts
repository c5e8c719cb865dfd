/** The user profile of GET /api/user/profile (spec 1 §3). */
export interface TenantProfile {
  rootTenantOid?: number | null;
  tenantOids: number[];
  primaryTenantOid?: number | null;
}

/** The chosen tenant when it is one of the user's, else the primary, else the only one, else the root (spec 1 §6). */
export function currentTenantOid(profile: TenantProfile | undefined, chosen: number | undefined): number | undefined {
  if (!profile) return undefined;
  const own = profile.tenantOids;
  if (chosen !== undefined && own.includes(chosen)) return chosen;
  if (profile.primaryTenantOid != null) return profile.primaryTenantOid;
  if (own.length === 1) return own[0];
  return profile.rootTenantOid ?? undefined;
}

/** The selector shows when the user has more than one tenant or a primary tenant is set. */
export function isTenantSelectorVisible(profile: TenantProfile | undefined): boolean {
  return !!profile && (profile.tenantOids.length > 1 || profile.primaryTenantOid != null);
}
