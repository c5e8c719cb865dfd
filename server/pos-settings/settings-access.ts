import { ApiError } from '../lib/api-error';
import type { RequestContext } from '../lib/request-context';
import type { ResolvedScope } from './settings-scope';
import type { ChangeVisibility } from './settings-store';

/** The page path whose rights govern the POS configuration (server/metadata/navigation.json). */
export const POS_CONFIGURATION_PATH = '/settings/pos/configuration';

/**
 * Who may read and change values stored per scope, by the rights on a page: a settings target's configuration page
 * (settings-targets.ts), and the POS button layouts' (server/quick-access), which follow the same rules with their own
 * page's rights.
 */
export function scopeAccess(pagePath: string, what: string) {
  const globally = (context: RequestContext, action: 'Read' | 'Update'): boolean => (context.canGlobally ? context.canGlobally(pagePath, action) : context.can(pagePath, action));
  const inTenant = (context: RequestContext, action: 'Read' | 'Update', tenantOid: number): boolean => context.tenantOids.includes(tenantOid) && context.can(pagePath, action, tenantOid);
  /** The caller's tenants where they may read. */
  const readableTenants = (context: RequestContext): number[] => context.tenantOids.filter((tenantOid) => context.can(pagePath, 'Read', tenantOid));
  /**
   * Reading at a scope: a tenant's, location's or terminal's values need Read in that tenant; GLOBAL and COUNTRY values
   * (which every tenant below inherits) need Read in one of the caller's tenants, or globally.
   */
  const mayRead = (context: RequestContext, scope: ResolvedScope): boolean => (scope.tenantOid === null ? globally(context, 'Read') || readableTenants(context).length > 0 : inTenant(context, 'Read', scope.tenantOid));
  /**
   * Changing at a scope: Update in the scope's tenant; GLOBAL and COUNTRY values reach other tenants, so they need
   * Update held globally (a tenant's administrator cannot change what other tenants inherit).
   */
  const mayChange = (context: RequestContext, scope: ResolvedScope): boolean => (scope.tenantOid === null ? globally(context, 'Update') : inTenant(context, 'Update', scope.tenantOid));
  return {
    globally,
    readableTenants,
    mayRead,
    mayChange,
    requireRead(context: RequestContext, scope: ResolvedScope): void {
      if (!mayRead(context, scope)) throw new ApiError(403, `Reading ${what} at ${scope.scope} needs Read on ${pagePath} ${scope.tenantOid === null ? 'in one of your tenants' : `in tenant ${scope.tenantOid}`}.`);
    },
    requireChange(context: RequestContext, scope: ResolvedScope): void {
      if (!mayChange(context, scope)) throw new ApiError(403, `Changing ${what} at ${scope.scope} needs Update on ${pagePath} ${scope.tenantOid === null ? 'globally' : `in tenant ${scope.tenantOid}`}.`);
    },
  };
}

/** Which recorded changes of a target the caller may read: those of the scopes they may read (by the target's page). */
export function changeVisibility(access: ReturnType<typeof scopeAccess>, context: RequestContext, countriesOf: (tenantOids: number[]) => Promise<string[]>): Promise<ChangeVisibility> {
  const tenants = access.readableTenants(context);
  const global = access.globally(context, 'Read') || tenants.length > 0;
  return countriesOf(tenants).then((countries) => ({ global, countries, tenantOids: tenants }));
}

/**
 * Who may read a target's effective values (GET /api/settings/<target>/effective). A target whose values reach the POS
 * terminals keeps its configuration page's Read rule. The others (the back office's) are preferences that the UI of
 * every user applies, so every signed-in user reads them where their work is: GLOBAL, the countries of their tenants
 * and any scope inside one of their tenants, without a right on the configuration page; a scope in a tenant not theirs
 * is refused. `countriesOf` answers the countries of tenants (asked only for a COUNTRY scope).
 */
export async function requireEffectiveRead(
  target: { appliesToTerminals: boolean; access: ReturnType<typeof scopeAccess>; pagePath: string },
  context: RequestContext,
  scope: ResolvedScope,
  countriesOf: (tenantOids: number[]) => Promise<string[]>,
): Promise<void> {
  if (target.appliesToTerminals || target.access.mayRead(context, scope)) {
    target.access.requireRead(context, scope);
    return;
  }
  const theirs = scope.level === 'GLOBAL' || (scope.tenantOid !== null ? context.tenantOids.includes(scope.tenantOid) : (await countriesOf(context.tenantOids)).includes(scope.country ?? ''));
  if (!theirs) throw new ApiError(403, `Reading the effective values at ${scope.scope} needs the scope to be global or in one of your tenants${scope.level === 'COUNTRY' ? " (a country of one of your tenants)" : ''}, or Read on ${target.pagePath} there.`);
}
