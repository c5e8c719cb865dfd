import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { ensureAdministratorRole } from './administrator-role';
import { IDENTITY_TABLES } from './identity-tables';
import { createUser } from './user-admin';

/**
 * Usernames and e-mail addresses are unique case-insensitively for sign-in, while the catalogue's unique indexes
 * compare exactly: these indexes make the data service refuse "Alice" next to "alice" too (a 409). Skipped, and
 * answered false, while the table still holds such duplicates (an administrator must resolve them first).
 */
export async function ensureIdentityIndexes(db: Database): Promise<boolean> {
  const duplicates = await db.query(
    `select 1 from ${IDENTITY_TABLES.user} group by lower("UserName") having count(*) > 1
     union all select 1 from ${IDENTITY_TABLES.user} where "EmailAddress" is not null group by lower("EmailAddress") having count(*) > 1 limit 1`,
  );
  if (duplicates.rowCount > 0) return false;
  await db.query(`create unique index if not exists e_identity_user_username_ci on ${IDENTITY_TABLES.user} (lower("UserName"))`);
  await db.query(`create unique index if not exists e_identity_user_email_ci on ${IDENTITY_TABLES.user} (lower("EmailAddress"))`);
  return true;
}

/** The outcome of the start-up step of identity. */
export interface AdministratorBootstrap {
  created: boolean;
  /** Set only when no password was configured and one was generated; shown once, never stored in clear. */
  generatedPassword?: string;
  administratorsRoleOid: number;
  /** Whether the case-insensitive unique indexes are in place (ensureIdentityIndexes). */
  caseInsensitiveIndexes: boolean;
}

/**
 * Identity's start-up step; call it after migrate and syncEntityTables, at every start. It creates `admin` when the catalogue has no user at all (with MATE_ADMIN_PASSWORD or a
 * generated password; there is no fixed default), and makes sure the role Administrators exists and `admin` holds
 * it (ensureAdministratorRole).
 */
export async function bootstrapAdministrator(db: Database, configuredPassword: string | undefined): Promise<AdministratorBootstrap> {
  const outcome = await db.transaction(async (tx) => {
    // Several instances starting at once: one creates the administrator, the others wait and see a user.
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(7270403)');
    const existing = await tx.query<{ n: number }>(`select count(*)::int as n from ${IDENTITY_TABLES.user}`);
    if ((existing.rows[0]?.n ?? 0) > 0) return { created: false };
    const password = configuredPassword ?? randomBytes(15).toString('base64url');
    await createUser(tx, { username: 'admin', password, email: 'admin@example.invalid', firstName: 'Mate', lastName: 'Administrator' });
    return configuredPassword ? { created: true } : { created: true, generatedPassword: password };
  });
  const administratorsRoleOid = await ensureAdministratorRole(db);
  const caseInsensitiveIndexes = await ensureIdentityIndexes(db);
  return { ...outcome, administratorsRoleOid, caseInsensitiveIndexes };
}
