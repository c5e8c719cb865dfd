import type { Database, Queryable } from '../db/database';
import { ApiError } from '../lib/api-error';
import { PERMISSION_ACTIONS, type PermissionAction } from '../lib/request-context';
import { hashPassword, newPasswordProblem } from './passwords';

/** What a new user needs; the password is hashed here and never stored in clear. */
export interface NewUser {
  username: string;
  password: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  disabled?: boolean;
  pendingConfirmation?: boolean;
}

/** Creates a user and answers its oid. A taken username or e-mail is a 409 naming the field. */
export async function createUser(db: Queryable, user: NewUser): Promise<number> {
  const problem = newPasswordProblem(user.password);
  if (problem) throw new ApiError(400, `The password ${problem}.`, { errors: { password: [problem] } });
  const taken = await db.query<{ username_taken: boolean; email_taken: boolean }>(
    `select exists (select 1 from mate_user where lower(username) = lower($1)) as username_taken,
            exists (select 1 from mate_user where $2::text is not null and lower(email) = lower($2::text)) as email_taken`,
    [user.username, user.email ?? null],
  );
  if (taken.rows[0]?.username_taken) throw new ApiError(409, 'The username is already taken.', { errors: { username: ['is already taken'] } });
  if (taken.rows[0]?.email_taken) throw new ApiError(409, 'The e-mail address is already in use.', { errors: { email: ['is already in use'] } });
  const passwordHash = await hashPassword(user.password);
  try {
    const inserted = await db.query<{ oid: string | number }>(
      `insert into mate_user (username, email, first_name, last_name, password_hash, disabled, pending_confirmation)
       values ($1, $2, $3, $4, $5, $6, $7) returning oid`,
      [user.username, user.email ?? null, user.firstName ?? null, user.lastName ?? null, passwordHash, user.disabled ?? false, user.pendingConfirmation ?? false],
    );
    return Number(inserted.rows[0]!.oid);
  } catch (error) {
    // Lost a race with a concurrent registration of the same name: still a 409, not a 500.
    if ((error as { code?: string }).code === '23505') throw new ApiError(409, 'The username or e-mail address is already taken.', { errors: { username: ['is already taken'] } });
    throw error;
  }
}

/** Ends every token issued to the user so far (logout, password change, disable, role change). */
export async function revokeTokens(db: Queryable, userOid: number): Promise<void> {
  await db.query('update mate_user set token_version = token_version + 1, updated_at = now() where oid = $1', [userOid]);
}

/** Disables a user and ends their tokens. */
export async function disableUser(db: Queryable, userOid: number): Promise<void> {
  await db.query('update mate_user set disabled = true, token_version = token_version + 1, updated_at = now() where oid = $1', [userOid]);
}

/** Enables a user again (also ends a pending registration confirmation). */
export async function enableUser(db: Queryable, userOid: number): Promise<void> {
  await db.query('update mate_user set disabled = false, pending_confirmation = false, updated_at = now() where oid = $1', [userOid]);
}

/** Sets a new password, ends the user's tokens and clears a lock-out. */
export async function setUserPassword(db: Queryable, userOid: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.query(
    `update mate_user set password_hash = $2, token_version = token_version + 1, failed_attempts = 0, lock_count = 0,
       locked_until = null, updated_at = now() where oid = $1`,
    [userOid, passwordHash],
  );
}

/** Creates a role (or finds the one with that name, case-insensitively) and answers its oid. */
export async function createRole(db: Queryable, name: string): Promise<number> {
  await db.query('insert into mate_role (name) select $1 where not exists (select 1 from mate_role where lower(name) = lower($1))', [name]);
  const found = await db.query<{ oid: string | number }>('select oid from mate_role where lower(name) = lower($1)', [name]);
  return Number(found.rows[0]!.oid);
}

/** One role a user holds: in one tenant, or in every tenant when tenantOid is null. */
export interface RoleAssignment {
  roleOid: number;
  tenantOid: number | null;
}

/** Replaces the user's roles and ends their tokens, so the change cannot be outlived by an old token. */
export async function setUserRoles(db: Database, userOid: number, assignments: RoleAssignment[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from mate_user_role where user_oid = $1', [userOid]);
    for (const a of assignments) {
      await tx.query(
        `insert into mate_user_role (user_oid, role_oid, tenant_oid) values ($1, $2, $3)
         on conflict (user_oid, role_oid, (coalesce(tenant_oid, 0))) do nothing`,
        [userOid, a.roleOid, a.tenantOid],
      );
    }
    await revokeTokens(tx, userOid);
  });
}

/** The tenants a user belongs to, with the primary and root tenant (both must be among them). */
export interface UserTenants {
  tenantOids: number[];
  primaryTenantOid?: number | null;
  rootTenantOid?: number | null;
}

/** Replaces the user's tenant memberships. */
export async function setUserTenants(db: Database, userOid: number, tenants: UserTenants): Promise<void> {
  for (const [field, value] of [['primaryTenantOid', tenants.primaryTenantOid], ['rootTenantOid', tenants.rootTenantOid]] as const) {
    if (value !== undefined && value !== null && !tenants.tenantOids.includes(value)) {
      throw new ApiError(400, `The ${field} must be one of the user's tenants.`, { errors: { [field]: ['is not one of the tenants'] } });
    }
  }
  await db.transaction(async (tx) => {
    await tx.query('delete from mate_user_tenant where user_oid = $1', [userOid]);
    for (const tenantOid of new Set(tenants.tenantOids)) {
      await tx.query('insert into mate_user_tenant (user_oid, tenant_oid) values ($1, $2)', [userOid, tenantOid]);
    }
    await tx.query('update mate_user set primary_tenant_oid = $2, root_tenant_oid = $3, updated_at = now() where oid = $1', [
      userOid,
      tenants.primaryTenantOid ?? null,
      tenants.rootTenantOid ?? null,
    ]);
  });
}

/** A decision to store: `allowed` null removes it (the cell goes back to inherit). */
export interface DecisionChange {
  subject: { userOid: number } | { roleOid: number };
  path: string;
  tenantOid: number | null;
  action: PermissionAction;
  allowed: boolean | null;
}

/** Stores, changes or removes one permission decision. Takes effect on the next request (checked per request). */
export async function setPermission(db: Queryable, change: DecisionChange): Promise<void> {
  if (!(PERMISSION_ACTIONS as readonly string[]).includes(change.action)) {
    throw new ApiError(400, `Unknown permission action '${change.action}'.`, { errors: { action: [`must be one of ${PERMISSION_ACTIONS.join(', ')}`] } });
  }
  if (!/^\/([A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*)?$/.test(change.path)) {
    throw new ApiError(400, `The permission path '${change.path}' is not a path like /data/area.`, { errors: { path: ['must look like /data/area'] } });
  }
  const userOid = 'userOid' in change.subject ? change.subject.userOid : null;
  const roleOid = 'roleOid' in change.subject ? change.subject.roleOid : null;
  const key = [userOid, roleOid, change.path, change.tenantOid, change.action];
  if (change.allowed === null) {
    await db.query(
      `delete from mate_permission where coalesce(user_oid, 0) = coalesce($1::bigint, 0) and coalesce(role_oid, 0) = coalesce($2::bigint, 0)
       and path = $3 and coalesce(tenant_oid, 0) = coalesce($4::bigint, 0) and action = $5`,
      key,
    );
    return;
  }
  await db.query(
    `insert into mate_permission (user_oid, role_oid, path, tenant_oid, action, allowed) values ($1, $2, $3, $4, $5, $6)
     on conflict ((coalesce(user_oid, 0)), (coalesce(role_oid, 0)), path, (coalesce(tenant_oid, 0)), action)
     do update set allowed = excluded.allowed`,
    [...key, change.allowed],
  );
}
