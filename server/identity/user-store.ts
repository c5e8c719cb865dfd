import type { Queryable } from '../db/database';
import { ApiError } from '../lib/api-error';
import { IDENTITY_TABLES } from './identity-tables';

/**
 * One user as identity sees it: the record fields from the catalogue table e_identity_user (username, e-mail,
 * names, Disabled, primary tenant, creation time) and the private part from mate_user (absent for a user created
 * in the grid that never had a password or a membership: then no password, version 0, no lock-out).
 */
export interface UserRecord {
  oid: number;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** null: no password set yet (created in the grid); such a user cannot sign in. */
  passwordHash: string | null;
  disabled: boolean;
  pendingConfirmation: boolean;
  tokenVersion: number;
  failedAttempts: number;
  lockCount: number;
  lockedUntil: Date | null;
  primaryTenantOid: number | null;
  rootTenantOid: number | null;
  createdAt: Date;
}

const SELECT = `select u."Oid" as oid, u."UserName" as username, u."EmailAddress" as email, u."FirstName" as first_name,
    u."LastName" as last_name, m.password_hash, u."Disabled" as disabled, coalesce(m.pending_confirmation, false) as pending_confirmation,
    coalesce(m.token_version, 0) as token_version, coalesce(m.failed_attempts, 0) as failed_attempts, coalesce(m.lock_count, 0) as lock_count,
    m.locked_until, u."PrimaryTenantOid" as primary_tenant_oid, m.root_tenant_oid, u.created_at
  from ${IDENTITY_TABLES.user} u left join mate_user m on m.oid = u."Oid"`;

interface Row {
  oid: string | number;
  username: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  password_hash: string | null;
  disabled: boolean;
  pending_confirmation: boolean;
  token_version: number;
  failed_attempts: number;
  lock_count: number;
  locked_until: Date | string | null;
  primary_tenant_oid: string | number | null;
  root_tenant_oid: string | number | null;
  created_at: Date | string;
}

const optionalNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));

function toRecord(row: Row): UserRecord {
  return {
    oid: Number(row.oid),
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    passwordHash: row.password_hash,
    disabled: row.disabled,
    pendingConfirmation: row.pending_confirmation,
    tokenVersion: Number(row.token_version),
    failedAttempts: Number(row.failed_attempts),
    lockCount: Number(row.lock_count),
    lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
    primaryTenantOid: optionalNumber(row.primary_tenant_oid),
    rootTenantOid: optionalNumber(row.root_tenant_oid),
    createdAt: new Date(row.created_at),
  };
}

/** The user with this username, compared case-insensitively (sign-in looks users up this way). */
export async function findUserByUsername(db: Queryable, username: string): Promise<UserRecord | undefined> {
  const found = await db.query<Row>(`${SELECT} where lower(u."UserName") = lower($1) order by u."Oid" limit 1`, [username]);
  return found.rows[0] && toRecord(found.rows[0]);
}

/** The user with this e-mail address, compared case-insensitively. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | undefined> {
  const found = await db.query<Row>(`${SELECT} where lower(u."EmailAddress") = lower($1) order by u."Oid" limit 1`, [email.trim()]);
  return found.rows[0] && toRecord(found.rows[0]);
}

/** The user with this oid (the catalogue "Oid"). */
export async function findUserByOid(db: Queryable, oid: number): Promise<UserRecord | undefined> {
  const found = await db.query<Row>(`${SELECT} where u."Oid" = $1`, [oid], { prepare: true });
  return found.rows[0] && toRecord(found.rows[0]);
}

/** The tenants a user belongs to, ascending. */
export async function userTenantOids(db: Queryable, userOid: number): Promise<number[]> {
  const found = await db.query<{ tenant_oid: string | number }>('select tenant_oid from mate_user_tenant where user_oid = $1 order by tenant_oid', [userOid], { prepare: true });
  return found.rows.map((row) => Number(row.tenant_oid));
}

/**
 * Makes sure the user has its private row in mate_user (memberships, tokens and decisions reference it). A 404 when
 * the catalogue has no such user.
 */
export async function ensureUserRow(db: Queryable, userOid: number): Promise<void> {
  await db.query(
    `insert into mate_user (oid, disabled_seen) select "Oid", "Disabled" from ${IDENTITY_TABLES.user} where "Oid" = $1 on conflict (oid) do nothing`,
    [userOid],
  );
  // A separate statement: it sees a row another transaction (the data-event subscriber) committed meanwhile.
  const found = await db.query('select 1 from mate_user where oid = $1', [userOid]);
  if (found.rowCount === 0) throw new ApiError(404, `There is no user with oid ${userOid}.`);
}
