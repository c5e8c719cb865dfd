import { ApiError } from '../lib/api-error';
import type { RequestContext } from '../lib/request-context';
import type { EntityKind } from './catalogue';
import { quoteIdent as q } from './sql-names';

/**
 * What the scope of a request restricts on one kind: the tenant (tenant-scoped kinds), and the location and
 * terminal of the scope headers where the kind's document names the fields holding them (`scopeFields`).
 * Each restriction is a field name and the value rows must have; absent when the kind or the request has none.
 */
export interface RowScope {
  tenantOid: number | undefined;
  /** `[field, oid]` pairs: the location and terminal fields this request pins. */
  pinned: readonly (readonly [string, number])[];
}

/** The row scope of a kind for a request context. */
export function rowScopeOf(kind: EntityKind, context: Pick<RequestContext, 'tenantOid' | 'locationOid' | 'terminalOid'>): RowScope {
  const fields = kind.doc.scopeFields;
  const pinned: [string, number][] = [];
  if (fields?.location !== undefined && context.locationOid !== undefined) pinned.push([fields.location, context.locationOid]);
  if (fields?.terminal !== undefined && context.terminalOid !== undefined) pinned.push([fields.terminal, context.terminalOid]);
  return { tenantOid: kind.tenantScoped ? context.tenantOid : undefined, pinned };
}

/** The SQL conditions of a scope (to be and-ed), their values pushed onto `params`. */
export function scopeConditions(kind: EntityKind, scope: RowScope, params: unknown[]): string[] {
  const where: string[] = [];
  if (kind.tenantScoped) {
    params.push(scope.tenantOid);
    where.push(`"TenantOid" = $${params.length}`);
  }
  for (const [field, oid] of scope.pinned) {
    params.push(oid);
    where.push(`${q(field)} = $${params.length}`);
  }
  return where;
}

/** Fills the scope fields a record leaves out (undefined) with the request's values: a new record lands in scope. */
export function fillScopeFields(scope: RowScope, record: Record<string, unknown>): Record<string, unknown> {
  const missing = scope.pinned.filter(([field]) => record[field] === undefined);
  return missing.length === 0 ? record : { ...record, ...Object.fromEntries(missing) };
}

/**
 * Refuses (403, naming the field) a record whose scope field holds another location or terminal than the
 * request's: a write may not move a record out of the scope it was made in, nor create one outside it.
 */
export function requireInScope(scope: RowScope, record: Record<string, unknown>): void {
  for (const [field, oid] of scope.pinned) {
    const value = record[field];
    if (value === null || value === undefined || Number(value) !== oid) {
      const message = `${field} must be ${oid}, the scope of this request.`;
      throw new ApiError(403, message, { errors: { [field]: [message] } });
    }
  }
}
