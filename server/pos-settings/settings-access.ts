import { ApiError } from '../lib/api-error';
import type { RequestContext } from '../lib/request-context';
import type { ResolvedScope } from './settings-scope';
import type { ChangeVisibility } from './settings-store';

/** The page path whose rights govern the POS configuration (server/metadata/navigation.json). */
export const POS_CONFIGURATION_PATH = '/settings/pos/configuration';

const globally = (context: RequestContext, action: 'Read' | 'Update'): boolean => (context.canGlobally ? context.canGlobally(POS_CONFIGURATION_PATH, action) : context.can(POS_CONFIGURATION_PATH, action));
const inTenant = (context: RequestContext, action: 'Read' | 'Update', tenantOid: number): boolean => context.tenantOids.includes(tenantOid) && context.can(POS_CONFIGURATION_PATH, action, tenantOid);

/** The caller's tenants where they may read the configuration. */
export const readableTenants = (context: RequestContext): number[] => context.tenantOids.filter((tenantOid) => context.can(POS_CONFIGURATION_PATH, 'Read', tenantOid));

/**
 * Reading at a scope: a tenant's, location's or terminal's values need Read in that tenant; GLOBAL and COUNTRY values
 * (which every tenant below inherits) need Read in one of the caller's tenants, or globally.
 */
export function mayRead(context: RequestContext, scope: ResolvedScope): boolean {
  if (scope.tenantOid === null) return globally(context, 'Read') || readableTenants(context).length > 0;
  return inTenant(context, 'Read', scope.tenantOid);
}

/**
 * Changing at a scope: Update in the scope's tenant; GLOBAL and COUNTRY values reach other tenants, so they need
 * Update held globally (a tenant's administrator cannot change what other tenants inherit).
 */
export function mayChange(context: RequestContext, scope: ResolvedScope): boolean {
  if (scope.tenantOid === null) return globally(context, 'Update');
  return inTenant(context, 'Update', scope.tenantOid);
}

export function requireRead(context: RequestContext, scope: ResolvedScope): void {
  if (!mayRead(context, scope)) throw new ApiError(403, `Reading the POS configuration at ${scope.scope} needs Read on ${POS_CONFIGURATION_PATH} ${scope.tenantOid === null ? 'in one of your tenants' : `in tenant ${scope.tenantOid}`}.`);
}

export function requireChange(context: RequestContext, scope: ResolvedScope): void {
  if (!mayChange(context, scope)) throw new ApiError(403, `Changing the POS configuration at ${scope.scope} needs Update on ${POS_CONFIGURATION_PATH} ${scope.tenantOid === null ? 'globally' : `in tenant ${scope.tenantOid}`}.`);
}

/** Which recorded changes the caller may read: those of the scopes they may read. */
export function changeVisibility(context: RequestContext, countriesOf: (tenantOids: number[]) => Promise<string[]>): Promise<ChangeVisibility> {
  const tenants = readableTenants(context);
  const global = globally(context, 'Read') || tenants.length > 0;
  return countriesOf(tenants).then((countries) => ({ global, countries, tenantOids: tenants }));
}
