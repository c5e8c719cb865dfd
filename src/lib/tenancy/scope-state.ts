import { scopeHeaders } from './scope-headers';

interface Scope {
  tenantOid?: number;
  locationOid?: number;
  terminalOid?: number;
}

let current: Scope = {};

/** Sets the scope every later call carries (the shell sets the current tenant). */
export function setScope(scope: Scope): void {
  current = { ...scope };
}

/** The scope every later call carries. */
export function currentScope(): Readonly<Scope> {
  return current;
}

/** The scope headers of the current scope; the API client's getScopeHeaders. */
export function currentScopeHeaders(): Record<string, string> {
  return scopeHeaders(current);
}
