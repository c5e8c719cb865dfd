import type { Database, Queryable } from '../db/database';
import { ApiError } from '../lib/api-error';
import { PERMISSION_ACTIONS } from '../lib/request-context';
import { IDENTITY_TABLES } from './identity-tables';
import { createRole } from './user-admin';

/** The role that holds every right. */
export const ADMINISTRATORS_ROLE = 'Administrators';

/**
 * Makes sure the role Administrators exists in e_identity_role (IsSystemRole) with allow on "/" Global for every
 * action, and that the user `admin` holds it in every tenant. Idempotent; bootstrapAdministrator calls it at every
 * start (after syncEntityTables). Answers the role's oid.
 */
export async function ensureAdministratorRole(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const roleOid = await createRole(tx, ADMINISTRATORS_ROLE, { systemRole: true, description: 'Every right in every tenant.' });
    for (const action of PERMISSION_ACTIONS) {
      await tx.query(
        `insert into mate_permission (role_oid, path, tenant_oid, action, allowed) values ($1, '/', null, $2, true)
         on conflict ((coalesce(user_oid, 0)), (coalesce(role_oid, 0)), path, (coalesce(tenant_oid, 0)), action) do nothing`,
        [roleOid, action],
      );
    }
    const admin = await tx.query<{ oid: string | number }>(`select "Oid" as oid from ${IDENTITY_TABLES.user} where lower("UserName") = 'admin'`);
    if (admin.rows[0]) {
      const adminOid = Number(admin.rows[0].oid);
      await tx.query(`insert into mate_user (oid) values ($1) on conflict (oid) do nothing`, [adminOid]);
      await tx.query(
        `insert into mate_user_role (user_oid, role_oid, tenant_oid) values ($1, $2, null)
         on conflict (user_oid, role_oid, (coalesce(tenant_oid, 0))) do nothing`,
        [adminOid, roleOid],
      );
    }
    return roleOid;
  });
}

/**
 * 409 when `userOid` is the last enabled user holding a system role in every tenant and `change` would end that
 * (disabling or deleting the user, taking the role away): someone must always be able to administer everything.
 * `remainingRoleOids` are the system roles the user keeps held everywhere after the change (none for disable/delete).
 */
export async function requireAnotherAdministrator(db: Queryable, userOid: number, change: string, remainingRoleOids: readonly number[] = []): Promise<void> {
  const found = await db.query<{ is_admin: boolean; kept: boolean; others: boolean }>(
    `with admins as (
       select ur.user_oid, ur.role_oid from mate_user_role ur
         join ${IDENTITY_TABLES.role} r on r."Oid" = ur.role_oid and r."IsSystemRole" and not r."Disabled"
         join ${IDENTITY_TABLES.user} u on u."Oid" = ur.user_oid and not u."Disabled"
        where ur.tenant_oid is null)
     select exists (select 1 from admins where user_oid = $1) as is_admin,
            exists (select 1 from admins where user_oid = $1 and role_oid = any($2::bigint[])) as kept,
            exists (select 1 from admins where user_oid <> $1) as others`,
    [userOid, [...remainingRoleOids]],
  );
  const row = found.rows[0]!;
  if (row.is_admin && !row.kept && !row.others) {
    throw new ApiError(409, `User ${userOid} is the last administrator: ${change} would leave nobody who may administer everything.`);
  }
}
