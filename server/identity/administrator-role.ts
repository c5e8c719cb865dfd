import type { Database } from '../db/database';
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
