import { ApiError } from '../lib/api-error';

/**
 * Scope header values are oids written as `oid * 7919 + 104729` in decimal, so that a header does not invite
 * counting through oids by hand. This is obfuscation, not security: the server checks every value anyway.
 */
const MULTIPLIER = 7919n;
const OFFSET = 104729n;

/** The scope header names (spec 1 §3). */
export const SCOPE_HEADERS = { tenant: 'x-mate-tenant', location: 'x-mate-location', terminal: 'x-mate-terminal' } as const;

/** The header value for an oid. */
export function encodeScopeValue(oid: number): string {
  if (!Number.isSafeInteger(oid) || oid < 0) throw new RangeError(`A scope oid must be a non-negative safe integer, got ${oid}`);
  return (BigInt(oid) * MULTIPLIER + OFFSET).toString();
}

/** The oid of a header value, or undefined when the value is not one `encodeScopeValue` can produce. */
export function decodeScopeValue(value: string): number | undefined {
  const text = value.trim();
  if (!/^\d{1,30}$/.test(text)) return undefined;
  const shifted = BigInt(text) - OFFSET;
  if (shifted < 0n || shifted % MULTIPLIER !== 0n) return undefined;
  const oid = shifted / MULTIPLIER;
  return oid <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(oid) : undefined;
}

/** The decoded scope headers of a request; a malformed one is a 400 naming the header. */
export function readScopeHeaders(headers: Record<string, string | string[] | undefined>): {
  tenantOid: number | undefined;
  locationOid: number | undefined;
  terminalOid: number | undefined;
} {
  const read = (name: string): number | undefined => {
    const raw = headers[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Array.isArray(raw) ? (raw.length === 1 ? raw[0]! : '') : raw;
    const oid = decodeScopeValue(value);
    if (oid === undefined) {
      throw new ApiError(400, `The ${name} header '${value.slice(0, 40)}' is not a valid scope value.`, { errors: { [name]: ['is not a valid scope value'] } });
    }
    return oid;
  };
  return { tenantOid: read(SCOPE_HEADERS.tenant), locationOid: read(SCOPE_HEADERS.location), terminalOid: read(SCOPE_HEADERS.terminal) };
}
