import type { ContextResolver, RequestContext } from '../lib/request-context';

/** The tenant and user of the development context. */
export const DEV_TENANT_OID = 1;
export const DEV_USER_OID = 1;

/**
 * A single development user who may do everything in one tenant. This is the seam the identity work
 * replaces: the data routes take any ContextResolver and never look at tokens or headers themselves.
 */
export function devContextResolver(tenantOid = DEV_TENANT_OID): ContextResolver {
  const context: RequestContext = {
    userOid: DEV_USER_OID,
    username: 'developer',
    tenantOids: [tenantOid],
    tenantOid,
    locationOid: undefined,
    terminalOid: undefined,
    can: () => true,
  };
  return async () => context;
}
