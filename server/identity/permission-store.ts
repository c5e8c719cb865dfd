import type { Queryable } from '../db/database';
import type { PermissionAction } from '../lib/request-context';
import type { PermissionDecision } from './effective-permission';
import { IDENTITY_TABLES } from './identity-tables';

/** Everything that decides a user's permissions: their own decisions, their roles and those roles' decisions. */
export interface UserPermissions {
  userDecisions: PermissionDecision[];
  /** Roles held, each in one tenant or (tenantOid null) in every tenant. */
  roles: { roleOid: number; name: string; tenantOid: number | null }[];
  roleDecisions: (PermissionDecision & { roleOid: number })[];
}

interface DecisionRow {
  user_oid: string | number | null;
  role_oid: string | number | null;
  role_name: string | null;
  path: string;
  tenant_oid: string | number | null;
  action: PermissionAction;
  allowed: boolean;
}

/** Loads a user's decisions and roles in two prepared queries; the identity cache keeps them until a change. */
export async function loadUserPermissions(db: Queryable, userOid: number): Promise<UserPermissions> {
  const roles = await db.query<{ role_oid: string | number; name: string; tenant_oid: string | number | null }>(
    `select ur.role_oid, r."Name" as name, ur.tenant_oid from mate_user_role ur join ${IDENTITY_TABLES.role} r on r."Oid" = ur.role_oid
      where ur.user_oid = $1 and not r."Disabled"`,
    [userOid],
    { prepare: true },
  );
  const decisions = await db.query<DecisionRow>(
    `select p.user_oid, p.role_oid, r."Name" as role_name, p.path, p.tenant_oid, p.action, p.allowed
       from mate_permission p left join ${IDENTITY_TABLES.role} r on r."Oid" = p.role_oid
      where p.user_oid = $1 or (not r."Disabled" and p.role_oid in (select role_oid from mate_user_role where user_oid = $1))`,
    [userOid],
    { prepare: true },
  );
  const result: UserPermissions = {
    userDecisions: [],
    roles: roles.rows.map((row) => ({ roleOid: Number(row.role_oid), name: row.name, tenantOid: row.tenant_oid === null ? null : Number(row.tenant_oid) })),
    roleDecisions: [],
  };
  for (const row of decisions.rows) {
    const base = { path: row.path, tenantOid: row.tenant_oid === null ? null : Number(row.tenant_oid), action: row.action, allowed: row.allowed };
    if (row.user_oid !== null) result.userDecisions.push({ subject: 'user', ...base });
    else result.roleDecisions.push({ subject: 'role', roleName: row.role_name ?? undefined, roleOid: Number(row.role_oid), ...base });
  }
  return result;
}

/**
 * The flat decision list `explainPermission` takes for one tenant: the user's own decisions and those of the roles
 * the user holds in that tenant (or everywhere). Without a tenant only roles held everywhere count.
 */
export function decisionsInTenant(permissions: UserPermissions, tenantOid: number | null): PermissionDecision[] {
  const heldRoles = new Set(
    permissions.roles.filter((role) => role.tenantOid === null || role.tenantOid === tenantOid).map((role) => role.roleOid),
  );
  return [...permissions.userDecisions, ...permissions.roleDecisions.filter((d) => heldRoles.has(d.roleOid))];
}
