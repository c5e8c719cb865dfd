import type { Database, Queryable } from '../db/database';
import { ApiError } from '../lib/api-error';
import { PERMISSION_ACTIONS, type PermissionAction } from '../lib/request-context';
import { IDENTITY_TABLES, IDENTITY_WRITER } from './identity-tables';
import { hashPassword, newPasswordProblem } from './passwords';
import { ensureUserRow } from './user-store';

/** The rule of the catalogue's UserName field (server/metadata/identity/user.json), checked for code paths too. */
export const USERNAME_PATTERN = /^[A-Za-z0-9]+([._@-][A-Za-z0-9]+)*$/;

/** What a new user needs; a password is hashed here and never stored in clear. Without one the user cannot sign in yet. */
export interface NewUser {
  username: string;
  password?: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  disabled?: boolean;
  pendingConfirmation?: boolean;
}

const U = IDENTITY_TABLES.user;

/**
 * Creates a user: the record in e_identity_user (the catalogue's table, so the Users grid shows it) and the private
 * row in mate_user with the same oid. Answers the oid. A taken username or e-mail is a 409 naming the field; the
 * caller publishes the DataServiceCreate event if clients should hear of it.
 */
export async function createUser(db: Queryable, user: NewUser): Promise<number> {
  if (user.username.length < 3 || user.username.length > 64 || !USERNAME_PATTERN.test(user.username)) {
    throw new ApiError(400, 'The username must have 3 to 64 letters or digits; dots, hyphens, underscores and @ only between them.', {
      errors: { username: ['must be 3 to 64 letters or digits, with . _ - @ only between them'] },
    });
  }
  if (user.password !== undefined) {
    const problem = newPasswordProblem(user.password);
    if (problem) throw new ApiError(400, `The password ${problem}.`, { errors: { password: [problem] } });
  }
  const taken = await db.query<{ username_taken: boolean; email_taken: boolean }>(
    `select exists (select 1 from ${U} where lower("UserName") = lower($1)) as username_taken,
            exists (select 1 from ${U} where $2::text is not null and lower("EmailAddress") = lower($2::text)) as email_taken`,
    [user.username, user.email ?? null],
  );
  if (taken.rows[0]?.username_taken) throw new ApiError(409, 'The username is already taken.', { errors: { username: ['is already taken'] } });
  if (taken.rows[0]?.email_taken) throw new ApiError(409, 'The e-mail address is already in use.', { errors: { email: ['is already in use'] } });
  const passwordHash = user.password === undefined ? null : await hashPassword(user.password);
  const disabled = user.disabled ?? false;
  try {
    const inserted = await db.query<{ oid: string | number }>(
      `insert into ${U} ("UserName", "EmailAddress", "FirstName", "LastName", "Disabled", "EmailConfirmed", created_by, modified_by)
       values ($1, $2, $3, $4, $5, $6, $7, $7) returning "Oid" as oid`,
      [user.username, user.email ?? null, user.firstName ?? null, user.lastName ?? null, disabled, !(user.pendingConfirmation ?? false), IDENTITY_WRITER],
    );
    const oid = Number(inserted.rows[0]!.oid);
    await db.query('insert into mate_user (oid, password_hash, pending_confirmation, disabled_seen) values ($1, $2, $3, $4)', [
      oid,
      passwordHash,
      user.pendingConfirmation ?? false,
      disabled,
    ]);
    return oid;
  } catch (error) {
    // Lost a race with a concurrent registration of the same name: still a 409, not a 500.
    if ((error as { code?: string }).code === '23505') throw new ApiError(409, 'The username or e-mail address is already taken.', { errors: { username: ['is already taken'] } });
    throw error;
  }
}

/** Ends every token issued to the user so far (logout, password change, disable, role change). */
export async function revokeTokens(db: Queryable, userOid: number): Promise<void> {
  await db.query(
    `insert into mate_user (oid, token_version) values ($1, 1)
     on conflict (oid) do update set token_version = mate_user.token_version + 1, updated_at = now()`,
    [userOid],
  );
}

/** Sets Disabled of the catalogue row, bumping its row version (new ETag) only when it changes. */
async function setDisabled(db: Queryable, userOid: number, disabled: boolean, extra = ''): Promise<void> {
  await db.query(
    `update ${U} set "Disabled" = $2${extra}, row_version = row_version + 1, modified_at = now(), modified_by = $3
      where "Oid" = $1 and "Disabled" is distinct from $2`,
    [userOid, disabled, IDENTITY_WRITER],
  );
}

/** Disables a user and ends their tokens. */
export async function disableUser(db: Queryable, userOid: number): Promise<void> {
  await setDisabled(db, userOid, true);
  await db.query(
    `insert into mate_user (oid, token_version, disabled_seen) values ($1, 1, true)
     on conflict (oid) do update set token_version = mate_user.token_version + 1, disabled_seen = true, updated_at = now()`,
    [userOid],
  );
}

/** Enables a user again (also ends a pending registration confirmation, which marks the e-mail confirmed). */
export async function enableUser(db: Queryable, userOid: number): Promise<void> {
  const pending = await db.query<{ pending: boolean }>('select pending_confirmation as pending from mate_user where oid = $1', [userOid]);
  await setDisabled(db, userOid, false, pending.rows[0]?.pending ? ', "EmailConfirmed" = true' : '');
  await db.query('update mate_user set pending_confirmation = false, disabled_seen = false, updated_at = now() where oid = $1', [userOid]);
}

/** Sets a new password, ends the user's tokens and clears a lock-out. */
export async function setUserPassword(db: Queryable, userOid: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ensureUserRow(db, userOid);
  await db.query(
    `update mate_user set password_hash = $2, token_version = token_version + 1, failed_attempts = 0, lock_count = 0,
       locked_until = null, updated_at = now() where oid = $1`,
    [userOid, passwordHash],
  );
}

/** Creates a role in e_identity_role (or finds the one with that name, case-insensitively) and answers its oid. */
export async function createRole(db: Queryable, name: string, options: { systemRole?: boolean; description?: string } = {}): Promise<number> {
  await db.query(
    `insert into ${IDENTITY_TABLES.role} ("Name", "Description", "IsSystemRole", created_by, modified_by)
     select $1, $2, $3, $4, $4 where not exists (select 1 from ${IDENTITY_TABLES.role} where lower("Name") = lower($1))`,
    [name, options.description ?? null, options.systemRole ?? false, IDENTITY_WRITER],
  );
  const found = await db.query<{ oid: string | number }>(`select "Oid" as oid from ${IDENTITY_TABLES.role} where lower("Name") = lower($1) order by "Oid" limit 1`, [name]);
  return Number(found.rows[0]!.oid);
}

/** One role a user holds: in one tenant, or in every tenant when tenantOid is null. */
export interface RoleAssignment {
  roleOid: number;
  tenantOid: number | null;
}

/**
 * Replaces the user's roles and ends their tokens, so the change cannot be outlived by an old token. The user's
 * record gets a new version (ETag), so an editor opened before the change cannot write its old Roles back unseen.
 */
export async function setUserRoles(db: Database, userOid: number, assignments: RoleAssignment[]): Promise<void> {
  await db.transaction(async (tx) => {
    await replaceUserRoles(tx, userOid, assignments);
    await tx.query(`update ${U} set row_version = row_version + 1, modified_at = now(), modified_by = $2 where "Oid" = $1`, [userOid, IDENTITY_WRITER]);
  });
}

/**
 * `setUserRoles` inside a transaction the caller holds, without touching the user's record: the data service writes
 * the record itself when a user is saved with its Roles (user-roles-field.ts).
 */
export async function replaceUserRoles(tx: Queryable, userOid: number, assignments: RoleAssignment[]): Promise<void> {
  await ensureUserRow(tx, userOid);
  const roleOids = [...new Set(assignments.map((a) => a.roleOid))];
  const known = await tx.query<{ oid: string | number }>(`select "Oid" as oid from ${IDENTITY_TABLES.role} where "Oid" = any($1::bigint[])`, [roleOids]);
  const missing = roleOids.filter((oid) => !known.rows.some((row) => Number(row.oid) === oid));
  if (missing.length > 0) throw new ApiError(400, `There is no role with oid ${missing.join(', ')}.`, { errors: { roleOid: [`unknown role ${missing.join(', ')}`] } });
  await tx.query('delete from mate_user_role where user_oid = $1', [userOid]);
  for (const a of assignments) {
    await tx.query(
      `insert into mate_user_role (user_oid, role_oid, tenant_oid) values ($1, $2, $3)
       on conflict (user_oid, role_oid, (coalesce(tenant_oid, 0))) do nothing`,
      [userOid, a.roleOid, a.tenantOid],
    );
  }
  await revokeTokens(tx, userOid);
}

/** The tenants a user belongs to, with the primary and root tenant (both must be among them). */
export interface UserTenants {
  tenantOids: number[];
  primaryTenantOid?: number | null;
  rootTenantOid?: number | null;
}

/** Replaces the user's tenant memberships; the primary tenant is the catalogue row's PrimaryTenantOid. */
export async function setUserTenants(db: Database, userOid: number, tenants: UserTenants): Promise<void> {
  for (const [field, value] of [['primaryTenantOid', tenants.primaryTenantOid], ['rootTenantOid', tenants.rootTenantOid]] as const) {
    if (value !== undefined && value !== null && !tenants.tenantOids.includes(value)) {
      throw new ApiError(400, `The ${field} must be one of the user's tenants.`, { errors: { [field]: ['is not one of the tenants'] } });
    }
  }
  await db.transaction(async (tx) => {
    await ensureUserRow(tx, userOid);
    await tx.query('delete from mate_user_tenant where user_oid = $1', [userOid]);
    for (const tenantOid of new Set(tenants.tenantOids)) {
      await tx.query('insert into mate_user_tenant (user_oid, tenant_oid) values ($1, $2)', [userOid, tenantOid]);
    }
    await tx.query('update mate_user set root_tenant_oid = $2, updated_at = now() where oid = $1', [userOid, tenants.rootTenantOid ?? null]);
    await tx.query(
      `update ${U} set "PrimaryTenantOid" = $2, row_version = row_version + 1, modified_at = now(), modified_by = $3
        where "Oid" = $1 and "PrimaryTenantOid" is distinct from $2::bigint`,
      [userOid, tenants.primaryTenantOid ?? null, IDENTITY_WRITER],
    );
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
  if (userOid !== null) await ensureUserRow(db, userOid);
  if (roleOid !== null && (await db.query(`select 1 from ${IDENTITY_TABLES.role} where "Oid" = $1`, [roleOid])).rowCount === 0) {
    throw new ApiError(404, `There is no role with oid ${roleOid}.`);
  }
  await db.query(
    `insert into mate_permission (user_oid, role_oid, path, tenant_oid, action, allowed) values ($1, $2, $3, $4, $5, $6)
     on conflict ((coalesce(user_oid, 0)), (coalesce(role_oid, 0)), path, (coalesce(tenant_oid, 0)), action)
     do update set allowed = excluded.allowed`,
    [...key, change.allowed],
  );
}
