import type { Queryable } from '../db/database';
import { ApiError } from '../lib/api-error';
import { PERMISSION_ACTIONS, type PermissionAction } from '../lib/request-context';
import type { IdentityContext } from './context-resolver';
import { explainPermission, type PermissionDecision } from './effective-permission';
import { IDENTITY_TABLES } from './identity-tables';
import { decisionsInTenant, loadUserPermissions } from './permission-store';
import { userTenantOids } from './user-store';

/**
 * Delegated administration (docs/permissions.md "Delegated administration"): an administrator's reach for one right
 * is where they hold it, and nothing they do may act outside it or hand out more than they hold themselves.
 */
export interface Reach {
  path: string;
  action: PermissionAction;
  /** Held globally: by the caller's own Global decisions or roles held in every tenant. */
  global: boolean;
  /** The caller's tenants in which they hold it. */
  tenants: ReadonlySet<number>;
}

/** Where the caller holds `action` on `path`. */
export function reachOf(context: IdentityContext, path: string, action: PermissionAction): Reach {
  return { path, action, global: context.canGlobally(path, action), tenants: new Set(context.tenantOids.filter((oid) => context.can(path, action, oid))) };
}

function describeReach(reach: Reach): string {
  const where = reach.global ? 'globally' : reach.tenants.size === 0 ? 'in no tenant' : `only in tenant ${[...reach.tenants].join(', ')}`;
  return `you hold ${reach.action} on ${reach.path} ${where}`;
}

/** A 403 naming the field (when there is one) and why. */
function refused(message: string, field?: string): ApiError {
  return new ApiError(403, message, field ? { errors: { [field]: [message] } } : undefined);
}

/** Whether the column (a tenant, or null for Global) is one the reach may change. */
export function reachesColumn(reach: Reach, tenantOid: number | null): boolean {
  return reach.global || (tenantOid !== null && reach.tenants.has(tenantOid));
}

/** 403 unless the reach covers the column: the Global column needs a global right. */
export function requireColumn(reach: Reach, tenantOid: number | null, field = 'tenantOid'): void {
  if (reachesColumn(reach, tenantOid)) return;
  const column = tenantOid === null ? 'the Global column' : `tenant ${tenantOid}`;
  throw refused(`Changing ${column} is outside your reach: ${describeReach(reach)}.`, field);
}

/**
 * Whether the caller holds `action` on `path` in a tenant (null: globally). In a tenant the caller does not belong to,
 * only a global right counts: a global administrator may act there, a tenant's delegate may not.
 */
function holds(context: IdentityContext, path: string, action: PermissionAction, tenantOid: number | null): boolean {
  if (tenantOid === null || !context.tenantOids.includes(tenantOid)) return context.canGlobally(path, action);
  return context.can(path, action, tenantOid);
}

/** Every path a comparison of rights must look at: the root, the navigation's and those both sides decide on. */
function comparedPaths(context: IdentityContext, grant: readonly PermissionDecision[], knownPaths: readonly string[]): string[] {
  const own = [...context.permissions.userDecisions, ...context.permissions.roleDecisions];
  return [...new Set(['/', ...knownPaths, ...grant.map((d) => d.path), ...own.map((d) => d.path)])];
}

/**
 * The first right `grant` (decisions evaluated in `tenantOid`, null: Global) allows that the caller does not hold
 * there; undefined when the caller holds all of it. Paths are compared where either side decides, so a deny of the
 * caller's below a path the grant allows is found.
 */
export function rightBeyondCaller(
  context: IdentityContext,
  grant: readonly PermissionDecision[],
  tenantOid: number | null,
  knownPaths: readonly string[],
): { path: string; action: PermissionAction } | undefined {
  for (const path of comparedPaths(context, grant, knownPaths)) {
    for (const action of PERMISSION_ACTIONS) {
      if (explainPermission(grant, path, action, tenantOid).allowed && !holds(context, path, action, tenantOid)) return { path, action };
    }
  }
  return undefined;
}

const columnName = (tenantOid: number | null) => (tenantOid === null ? 'Global' : `tenant ${tenantOid}`);

/**
 * 403 unless the user `userOid` is inside the reach: the caller holds the right in every tenant the user belongs to
 * (a user of no tenant needs a global right), and the user may do nothing there the caller may not. Acting on a
 * user (password, API key, record) is as good as acting as them, so a delegate can never reach someone stronger.
 */
export async function requireUserInReach(db: Queryable, context: IdentityContext, reach: Reach, userOid: number, field: string, knownPaths: readonly string[]): Promise<void> {
  const tenants = await userTenantOids(db, userOid);
  const outside = reach.global ? [] : tenants.filter((oid) => !reach.tenants.has(oid));
  if (outside.length > 0 || (tenants.length === 0 && !reach.global)) {
    const where = tenants.length === 0 ? 'belongs to no tenant' : `belongs to tenant ${outside.join(', ')}`;
    throw refused(`User ${userOid} is outside your reach: the user ${where} and ${describeReach(reach)}.`, field);
  }
  const permissions = await loadUserPermissions(db, userOid);
  for (const tenantOid of tenants.length === 0 ? [null] : tenants) {
    const beyond = rightBeyondCaller(context, decisionsInTenant(permissions, tenantOid), tenantOid, knownPaths);
    if (beyond) {
      throw refused(`User ${userOid} is outside your reach: the user may ${beyond.action} on ${beyond.path} in ${columnName(tenantOid)}, which you may not.`, field);
    }
  }
}

/** A role's decisions as `explainPermission` takes them (the role alone, as if it were the only one held). */
export async function roleDecisions(db: Queryable, roleOid: number): Promise<PermissionDecision[]> {
  const rows = await db.query<{ path: string; tenant_oid: string | number | null; action: PermissionAction; allowed: boolean }>(
    'select path, tenant_oid, action, allowed from mate_permission where role_oid = $1',
    [roleOid],
  );
  return rows.rows.map((row) => ({ subject: 'role', path: row.path, tenantOid: row.tenant_oid === null ? null : Number(row.tenant_oid), action: row.action, allowed: row.allowed }));
}

/** Whether the role is a system role (Administrators): such roles are fixed (see docs/permissions.md). */
export async function isSystemRole(db: Queryable, roleOid: number): Promise<boolean> {
  const found = await db.query<{ system: boolean | null }>(`select "IsSystemRole" as system from ${IDENTITY_TABLES.role} where "Oid" = $1`, [roleOid]);
  return found.rows[0]?.system === true;
}

/**
 * 403 unless the caller may hand out role `roleOid` in the column (null: in every tenant): the column is in reach,
 * a system role needs a global right, and the role grants nothing there the caller does not hold.
 */
export async function requireRoleGrantable(db: Queryable, context: IdentityContext, reach: Reach, roleOid: number, tenantOid: number | null, field: string, knownPaths: readonly string[]): Promise<void> {
  requireColumn(reach, tenantOid, field);
  if (!reach.global && (await isSystemRole(db, roleOid))) throw refused(`Role ${roleOid} is a system role: only a global administrator hands it out.`, field);
  const beyond = rightBeyondCaller(context, await roleDecisions(db, roleOid), tenantOid, knownPaths);
  if (beyond) throw refused(`Role ${roleOid} may ${beyond.action} on ${beyond.path} in ${columnName(tenantOid)}, which you may not; you cannot hand it out there.`, field);
}

/**
 * 403 unless the caller may set a decision on (path, action) in the column: the column is in reach and the caller
 * holds that right there themselves (one cannot allow, deny or clear what one does not hold).
 */
export function requireDecisionInReach(context: IdentityContext, reach: Reach, path: string, action: PermissionAction, tenantOid: number | null, field = 'path'): void {
  requireColumn(reach, tenantOid, tenantOid === null ? 'tenantOid' : field);
  if (!holds(context, path, action, tenantOid)) throw refused(`You may not decide on ${action} on ${path} in ${columnName(tenantOid)}: you do not hold it there.`, field);
}

/**
 * 403 unless every holder of role `roleOid` is in reach (changing or deleting a role changes what its holders may
 * do): a role held in every tenant or in a tenant outside the reach needs a global right; system roles too.
 */
export async function requireRoleInReach(db: Queryable, reach: Reach, roleOid: number, field?: string): Promise<void> {
  if (reach.global) return;
  if (await isSystemRole(db, roleOid)) throw refused(`Role ${roleOid} is a system role: only a global administrator may change it.`, field);
  const held = await db.query<{ tenant_oid: string | number | null }>('select distinct tenant_oid from mate_user_role where role_oid = $1', [roleOid]);
  const outside = held.rows.map((row) => (row.tenant_oid === null ? null : Number(row.tenant_oid))).filter((oid) => oid === null || !reach.tenants.has(oid));
  if (outside.length > 0) {
    const where = outside.includes(null) ? 'in every tenant' : `in tenant ${outside.join(', ')}`;
    throw refused(`Role ${roleOid} is outside your reach: it is held ${where} and ${describeReach(reach)}.`, field);
  }
}

/**
 * 403/409 unless the caller may change the decisions of `subject` at all: a user inside the reach, or a role that is
 * no system role (their decisions are fixed for everyone, so administrators can never be locked out by an edit).
 */
export async function requireSubjectInReach(
  db: Queryable,
  context: IdentityContext,
  reach: Reach,
  subject: { userOid: number } | { roleOid: number },
  knownPaths: readonly string[],
): Promise<void> {
  if ('userOid' in subject) return requireUserInReach(db, context, reach, subject.userOid, 'subject', knownPaths);
  if (await isSystemRole(db, subject.roleOid)) {
    throw new ApiError(409, `Role ${subject.roleOid} is a system role: its decisions are fixed.`, { errors: { subject: ['is a system role, whose decisions are fixed'] } });
  }
}
