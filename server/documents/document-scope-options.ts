import type { Catalogue } from '../data/catalogue';
import type { Queryable } from '../db/database';
import type { RequestContext } from '../lib/request-context';
import { buildScopeTree } from '../routes/scope-routes';
import { documentTextFilters, type DocumentTextFilter } from './document-text-filters';
import { DOCUMENT_TYPES, documentTypePath } from './document-types';

/** A location the viewer's query form offers. */
export interface LocationOption {
  oid: number;
  tenantOid: number;
  text: string;
}

/** A POS terminal the query form offers, with its location. */
export interface TerminalOption extends LocationOption {
  locationOid: number;
}

/** The pickers' options of the viewer's query form (`GET /api/documents/scope-options`). */
export interface ScopeOptions {
  locations: LocationOption[];
  terminals: TerminalOption[];
  /** The text boxes beyond the fixed members (the same for every caller). */
  textFilters: DocumentTextFilter[];
}

/** The tenants whose documents the caller may read: Read on the path of at least one document type there. */
export function documentTenants(context: RequestContext, tenantOids: readonly number[]): number[] {
  return tenantOids.filter((tenantOid) => DOCUMENT_TYPES.some((type) => context.can(documentTypePath(type.type), 'Read', tenantOid)));
}

/**
 * The locations and POS terminals of the tenants whose documents the caller may read (all of them, not only the
 * current one: the list spans them too), inside the location and terminal the scope headers pin. The business key and
 * the name make the text ('3 Kasse 3', 'B-01 Berlin Mitte'). Read from the scope tree, so no data-grid right is needed
 * to fill the form of a page the caller may read.
 */
export async function documentScopeOptions(db: Queryable, catalogue: Catalogue, context: RequestContext, tenantOids: readonly number[]): Promise<ScopeOptions> {
  const tenants = documentTenants(context, tenantOids);
  const textFilters = documentTextFilters(catalogue);
  if (tenants.length === 0) return { locations: [], terminals: [], textFilters };
  const items = await buildScopeTree(db, catalogue, tenants, { terminals: 'POS' });
  const text = (item: { id: string; text: string }) => [item.id, item.text].filter((part) => part !== '').join(' ');
  const tenantOfLocation = new Map<number, number>();
  const locations: LocationOption[] = [];
  for (const item of items) {
    // Closed locations stay: their documents are still there to find.
    if (item.type !== 'LOCATION') continue;
    if (context.locationOid !== undefined && item.oid !== context.locationOid) continue;
    tenantOfLocation.set(item.oid, item.parentOid);
    locations.push({ oid: item.oid, tenantOid: item.parentOid, text: text(item) });
  }
  const terminals: TerminalOption[] = [];
  for (const item of items) {
    if (item.type !== 'TERMINAL' || item.kind !== 'POS') continue;
    const tenantOid = tenantOfLocation.get(item.parentOid);
    if (tenantOid === undefined) continue; // under a location the scope leaves out
    if (context.terminalOid !== undefined && item.oid !== context.terminalOid) continue;
    terminals.push({ oid: item.oid, tenantOid, locationOid: item.parentOid, text: text(item) });
  }
  return { locations, terminals, textFilters };
}
