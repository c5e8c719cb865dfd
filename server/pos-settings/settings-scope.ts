import type { Queryable } from '../db/database';
import type { Catalogue } from '../data/catalogue';
import { quoteIdent as q } from '../data/sql-names';
import { ApiError } from '../lib/api-error';
import { SCOPE_LEVELS, type ScopeLevel, type ScopeRef } from '../../schemas/pos-settings-wire';

// The levels and a level of a chain are part of the wire shapes (schemas/pos-settings-wire.ts).
export { SCOPE_LEVELS, type ScopeLevel, type ScopeRef };

/** `GLOBAL`, `COUNTRY:DE`, `TENANT:12`, `LOCATION:5`, `TERMINAL:7` (the POS terminal's Oid). */
export const SCOPE_PATTERN = '^(GLOBAL|COUNTRY:[A-Z]{2}|(TENANT|LOCATION|TERMINAL):[1-9][0-9]{0,14})$';


/** A scope with everything above it and the tenant that owns it (none for GLOBAL and COUNTRY). */
export interface ResolvedScope extends ScopeRef {
  tenantOid: number | null;
  country: string | null;
  /** From GLOBAL down to this scope itself. */
  chain: ScopeRef[];
}

export interface ScopeTables {
  tenant: string;
  location: string;
  terminal: string;
}

/** The tenancy tables the levels live in (the catalogue names them). */
export function scopeTablesOf(catalogue: Catalogue): ScopeTables | undefined {
  const tenant = catalogue.find('tenancy', 'tenant')?.table;
  const location = catalogue.find('tenancy', 'location')?.table;
  const terminal = catalogue.find('tenancy', 'pos-terminal')?.table;
  return tenant && location && terminal ? { tenant, location, terminal } : undefined;
}

const ref = (level: ScopeLevel, key: string, id: string, text: string): ScopeRef => ({ level, key, scope: level === 'GLOBAL' ? 'GLOBAL' : `${level}:${key}`, id, text });

function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Parses a scope text; a bad one is a 400 naming the member it came in. */
export function parseScope(text: string, member = 'scope'): { level: ScopeLevel; key: string } {
  if (!new RegExp(SCOPE_PATTERN).test(text)) throw new ApiError(400, `${member} must be GLOBAL, COUNTRY:<code>, TENANT:<oid>, LOCATION:<oid> or TERMINAL:<oid>.`, { errors: { [member]: ['is not a scope'] } });
  const [level, key = ''] = text.split(':') as [ScopeLevel, string?];
  return { level, key };
}

/**
 * Resolves a scope with its chain from the tenancy records: a terminal's location, its tenant, the tenant's country.
 * An unknown record is a 404 naming it.
 */
export async function resolveScope(db: Queryable, tables: ScopeTables, scope: { level: ScopeLevel; key: string }, lang = 'en'): Promise<ResolvedScope> {
  const global = ref('GLOBAL', '', 'GLOBAL', 'Global');
  const notFound = () => new ApiError(404, `The scope ${scope.level}:${scope.key} does not exist.`, { errors: { scope: ['does not exist'] } });
  if (scope.level === 'GLOBAL') return { ...global, tenantOid: null, country: null, chain: [global] };
  if (scope.level === 'COUNTRY') {
    const country = ref('COUNTRY', scope.key, scope.key, countryName(scope.key, lang));
    return { ...country, tenantOid: null, country: scope.key, chain: [global, country] };
  }
  let terminal: ScopeRef | undefined;
  let locationOid: number | null = null;
  let tenantOid: number;
  if (scope.level === 'TERMINAL') {
    const row = (await db.query<{ TenantOid: string; LocationOid: string | null; TerminalNumber: number | null; Name: string | null }>(`select "TenantOid", "LocationOid", "TerminalNumber", "Name" from ${q(tables.terminal)} where "Oid" = $1`, [scope.key])).rows[0];
    if (!row) throw notFound();
    terminal = ref('TERMINAL', scope.key, String(row.TerminalNumber ?? scope.key), row.Name ?? String(row.TerminalNumber ?? scope.key));
    tenantOid = Number(row.TenantOid);
    locationOid = row.LocationOid === null ? null : Number(row.LocationOid);
  } else if (scope.level === 'LOCATION') {
    locationOid = Number(scope.key);
    tenantOid = 0;
  } else tenantOid = Number(scope.key);
  let location: ScopeRef | undefined;
  if (locationOid !== null) {
    const row = (await db.query<{ TenantOid: string; Id: string | null; Name: string | null }>(`select "TenantOid", "Id", "Name" from ${q(tables.location)} where "Oid" = $1`, [locationOid])).rows[0];
    if (!row) throw notFound();
    location = ref('LOCATION', String(locationOid), row.Id ?? String(locationOid), row.Name ?? row.Id ?? String(locationOid));
    if (scope.level === 'LOCATION') tenantOid = Number(row.TenantOid);
  }
  const tenantRow = (await db.query<{ Id: string | null; Name: string | null; CountryCode: string | null }>(`select "Id", "Name", "CountryCode" from ${q(tables.tenant)} where "Oid" = $1`, [tenantOid])).rows[0];
  if (!tenantRow) throw notFound();
  const tenant = ref('TENANT', String(tenantOid), tenantRow.Id ?? String(tenantOid), tenantRow.Name ?? tenantRow.Id ?? String(tenantOid));
  const code = tenantRow.CountryCode ?? null;
  const chain = [global, ...(code ? [ref('COUNTRY', code, code, countryName(code, lang))] : []), tenant, ...(location ? [location] : []), ...(terminal ? [terminal] : [])];
  const self = chain[chain.length - 1]!;
  return { ...self, tenantOid, country: code, chain };
}
