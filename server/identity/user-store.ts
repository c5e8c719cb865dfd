import type { Queryable } from '../db/database';

/** The identity columns of one mate_user row. */
export interface UserRecord {
  oid: number;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  passwordHash: string;
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

const COLUMNS = `oid, username, email, first_name, last_name, password_hash, disabled, pending_confirmation, token_version,
  failed_attempts, lock_count, locked_until, primary_tenant_oid, root_tenant_oid, created_at`;

interface Row {
  oid: string | number;
  username: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  password_hash: string;
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
    tokenVersion: row.token_version,
    failedAttempts: row.failed_attempts,
    lockCount: row.lock_count,
    lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
    primaryTenantOid: optionalNumber(row.primary_tenant_oid),
    rootTenantOid: optionalNumber(row.root_tenant_oid),
    createdAt: new Date(row.created_at),
  };
}

/** The user with this username, compared case-insensitively as the unique index does. */
export async function findUserByUsername(db: Queryable, username: string): Promise<UserRecord | undefined> {
  const found = await db.query<Row>(`select ${COLUMNS} from mate_user where lower(username) = lower($1)`, [username]);
  return found.rows[0] && toRecord(found.rows[0]);
}

/** The user with this e-mail address, compared case-insensitively. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | undefined> {
  const found = await db.query<Row>(`select ${COLUMNS} from mate_user where lower(email) = lower($1)`, [email.trim()]);
  return found.rows[0] && toRecord(found.rows[0]);
}

/** The user with this oid. */
export async function findUserByOid(db: Queryable, oid: number): Promise<UserRecord | undefined> {
  const found = await db.query<Row>(`select ${COLUMNS} from mate_user where oid = $1`, [oid]);
  return found.rows[0] && toRecord(found.rows[0]);
}

/** The tenants a user belongs to, ascending. */
export async function userTenantOids(db: Queryable, userOid: number): Promise<number[]> {
  const found = await db.query<{ tenant_oid: string | number }>('select tenant_oid from mate_user_tenant where user_oid = $1 order by tenant_oid', [userOid]);
  return found.rows.map((row) => Number(row.tenant_oid));
}
