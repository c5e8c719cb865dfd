import { scopeHeaders } from './scope-headers';

interface Scope {
  tenantOid?: number;
  locationOid?: number;
  terminalOid?: number;
}

let current: Scope = {};

/** Sets the scope every later call carries (the shell sets the current tenant, location and till). */
export function setScope(scope: Scope): void {
  current = { ...scope };
}

/** The scope every later call carries. */
export function currentScope(): Readonly<Scope> {
  return current;
}

/** The scope headers of the current scope (tenant, location, terminal); the API client's getScopeHeaders. */
export function currentScopeHeaders(): Record<string, string> {
  return scopeHeaders(current);
}

/** Whether a call is one of the data service (spec 2 §7: /api/data/{area}/{entity} and below). */
export function isDataCall(path: string): boolean {
  return /^\/?api\/data\//i.test(path.replace(/^https?:\/\/[^/]+/i, ''));
}

/**
 * The query every data call carries besides its own: `tenantOid` of the current tenant (spec 2 §6: the tenantOid query
 * is always sent; the server refuses one that is not the tenant of the request). Other calls get none: many of them
 * take their tenant as a query of their own, or refuse unknown ones.
 */
export function currentScopeQuery(path: string): Record<string, string> {
  return current.tenantOid !== undefined && isDataCall(path) ? { tenantOid: String(current.tenantOid) } : {};
}
