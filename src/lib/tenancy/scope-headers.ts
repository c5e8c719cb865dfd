// Header names and encoding the server reads (server/identity/scope-headers.ts); obfuscation, not security.
const MULTIPLIER = 7919n;
const OFFSET = 104729n;

/** A scope header value: `oid * 7919 + 104729` in decimal. */
export function encodeScopeValue(oid: number): string {
  return (BigInt(oid) * MULTIPLIER + OFFSET).toString();
}

/** The headers restricting calls to a tenant (and later location role and terminal). */
export function scopeHeaders(scope: { tenantOid?: number; locationOid?: number; terminalOid?: number }): Record<string, string> {
  const headers: Record<string, string> = {};
  if (scope.tenantOid !== undefined) headers['x-mate-tenant'] = encodeScopeValue(scope.tenantOid);
  if (scope.locationOid !== undefined) headers['x-mate-location'] = encodeScopeValue(scope.locationOid);
  if (scope.terminalOid !== undefined) headers['x-mate-terminal'] = encodeScopeValue(scope.terminalOid);
  return headers;
}
