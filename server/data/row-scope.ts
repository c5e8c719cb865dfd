import { ApiError } from '../lib/api-error';
import type { RequestContext } from '../lib/request-context';
import type { EntityKind } from './catalogue';
import { permissionPath } from './data-request';
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
  /**
   * A global kind whose visibility rule restricts this request: the tenant whose rows it sees (null: no current
   * tenant, so none). Undefined: every row (rule `all`, a global reader, or a tenant-scoped kind).
   */
  visibleIn?: number | null;
}

/**
 * Whether the request sees every row of a global kind: its rule is `all`, or it holds Read on the kind globally. A
 * context without `canGlobally` (a stand-in resolver that knows no tenants' limits) sees every row.
 */
function seesEveryRow(kind: EntityKind, context: Pick<RequestContext, 'canGlobally'>): boolean {
  const visibility = kind.doc.visibility;
  if (kind.tenantScoped || !visibility || visibility.rule === 'all') return true;
  return context.canGlobally ? context.canGlobally(permissionPath(kind), 'Read') : true;
}

/** The row scope of a kind for a request context. */
export function rowScopeOf(kind: EntityKind, context: Pick<RequestContext, 'tenantOid' | 'locationOid' | 'terminalOid' | 'canGlobally'>): RowScope {
  const fields = kind.doc.scopeFields;
  const pinned: [string, number][] = [];
  if (fields?.location !== undefined && context.locationOid !== undefined) pinned.push([fields.location, context.locationOid]);
  if (fields?.terminal !== undefined && context.terminalOid !== undefined) pinned.push([fields.terminal, context.terminalOid]);
  const scope: RowScope = { tenantOid: kind.tenantScoped ? context.tenantOid : undefined, pinned };
  return seesEveryRow(kind, context) ? scope : { ...scope, visibleIn: context.tenantOid ?? null };
}

/** The SQL condition of a global kind's visibility rule for the tenant in `$n`. */
function visibilityCondition(kind: EntityKind, tenantParam: string): string {
  const visibility = kind.doc.visibility;
  if (visibility?.rule === 'tenantField') return `${q(visibility.field)} = ${tenantParam}`;
  if (visibility?.rule === 'userTenants') return `${q(visibility.field)} in (select user_oid from mate_user_tenant where tenant_oid = ${tenantParam})`;
  return 'true';
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
  if (scope.visibleIn === null) where.push('false');
  else if (scope.visibleIn !== undefined) {
    params.push(scope.visibleIn);
    where.push(visibilityCondition(kind, `$${params.length}`));
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
export function requireInScope(scope: RowScope, record: Record<string, unknown>, kind: EntityKind): void {
  const visibility = kind.doc.visibility;
  // A row seen by its tenant field must stay in (or be made for) the request's tenant; a new row has no Oid yet.
  if (visibility?.rule === 'tenantField' && scope.visibleIn !== undefined && Number(record[visibility.field] ?? NaN) !== scope.visibleIn) {
    const message =
      visibility.field === 'Oid'
        ? `Only a global reader of ${kind.kind} may create its records: a new one would be outside your tenant.`
        : `${visibility.field} must be ${String(scope.visibleIn)}, your tenant.`;
    throw new ApiError(403, message, { errors: { [visibility.field]: [message] } });
  }
  for (const [field, oid] of scope.pinned) {
    const value = record[field];
    if (value === null || value === undefined || Number(value) !== oid) {
      const message = `${field} must be ${oid}, the scope of this request.`;
      throw new ApiError(403, message, { errors: { [field]: [message] } });
    }
  }
}
