import type { Database } from '../db/database';
import { PERMISSION_ACTIONS } from '../lib/request-context';

/** The role that holds every right. */
export const ADMINISTRATORS_ROLE = 'Administrators';

/**
 * Makes sure the role Administrators exists with allow on "/" Global for every action, and that the user `admin`
 * (server/seed/bootstrap.ts) holds it in every tenant. Idempotent; call at every start after bootstrapAdmin.
 * Answers the role's oid.
 */
export async function ensureAdministratorRole(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('insert into mate_role (name) select $1 where not exists (select 1 from mate_role where lower(name) = lower($1))', [ADMINISTRATORS_ROLE]);
    const role = await tx.query<{ oid: string | number }>('select oid from mate_role where lower(name) = lower($1)', [ADMINISTRATORS_ROLE]);
    const roleOid = Number(role.rows[0]!.oid);
    for (const action of PERMISSION_ACTIONS) {
      await tx.query(
        `insert into mate_permission (role_oid, path, tenant_oid, action, allowed) values ($1, '/', null, $2, true)
         on conflict ((coalesce(user_oid, 0)), (coalesce(role_oid, 0)), path, (coalesce(tenant_oid, 0)), action) do nothing`,
        [roleOid, action],
      );
    }
    await tx.query(
      `insert into mate_user_role (user_oid, role_oid, tenant_oid)
       select oid, $1, null from mate_user where lower(username) = 'admin'
       on conflict (user_oid, role_oid, (coalesce(tenant_oid, 0))) do nothing`,
      [roleOid],
    );
    return roleOid;
  });
}
