import type { Queryable } from '../db/database';
import type { IdentityContext } from './context-resolver';
import { requireAnotherAdministrator } from './administrator-role';
import { isSystemRole, reachOf, requireColumn, requireRoleGrantable, requireUserInReach } from './delegation';
import { ADMIN_PERMISSIONS_PATH } from './permission-matrix-input';
import type { RoleAssignment } from './user-admin';

const same = (a: RoleAssignment, b: RoleAssignment) => a.roleOid === b.roleOid && a.tenantOid === b.tenantOid;

/**
 * Delegated administration of a user's roles (docs/permissions.md "Delegated administration"), one rule for the
 * permission matrix and the user's own record: the user must be in reach, every column that changes too, every role
 * added must grant nothing beyond the caller, and the last administrator keeps a system role held everywhere.
 * `replaced` are the columns (tenant oids, null: every tenant) `wanted` replaces; `field` is where a refusal points.
 */
export async function requireRoleChangesInReach(
  db: Queryable,
  context: IdentityContext,
  userOid: number,
  held: readonly RoleAssignment[],
  wanted: readonly RoleAssignment[],
  replaced: ReadonlySet<number | null>,
  knownPaths: readonly string[],
  field: { user: string; assignment: string } = { user: 'oid', assignment: 'tenants' },
): Promise<void> {
  const added = wanted.filter((a) => !held.some((h) => same(a, h)));
  const removed = held.filter((h) => replaced.has(h.tenantOid) && !wanted.some((a) => same(a, h)));
  if (added.length === 0 && removed.length === 0) return;
  const reach = reachOf(context, ADMIN_PERMISSIONS_PATH, 'Update');
  await requireUserInReach(db, context, reach, userOid, field.user, knownPaths);
  for (const assignment of removed) requireColumn(reach, assignment.tenantOid, field.assignment);
  for (const assignment of added) await requireRoleGrantable(db, context, reach, assignment.roleOid, assignment.tenantOid, field.assignment, knownPaths);
  if (removed.some((a) => a.tenantOid === null)) {
    const everywhere = [...held.filter((h) => h.tenantOid === null && !replaced.has(null)), ...wanted.filter((a) => a.tenantOid === null)];
    const systemKept: number[] = [];
    for (const assignment of everywhere) if (await isSystemRole(db, assignment.roleOid)) systemKept.push(assignment.roleOid);
    await requireAnotherAdministrator(db, userOid, 'taking the role away', systemKept);
  }
}
