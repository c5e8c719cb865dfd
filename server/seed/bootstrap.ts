import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Database } from '../db/database';

/** The outcome of creating the first administrator. */
export interface AdminBootstrap {
  created: boolean;
  /** Set only when no password was configured and one was generated; shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * On first start (no users at all) creates `admin`, with MATE_ADMIN_PASSWORD or a generated password.
 * There is no fixed default password.
 */
export async function bootstrapAdmin(db: Database, configuredPassword: string | undefined): Promise<AdminBootstrap> {
  const existing = await db.query<{ n: number }>('select count(*)::int as n from mate_user');
  if ((existing.rows[0]?.n ?? 0) > 0) return { created: false };
  const password = configuredPassword ?? randomBytes(15).toString('base64url');
  const passwordHash = await hash(password, { algorithm: 2 /* argon2id */ });
  const inserted = await db.query(
    `insert into mate_user (username, email, first_name, last_name, password_hash)
     select 'admin', 'admin@example.invalid', 'Mate', 'Administrator', $1
     where not exists (select 1 from mate_user)`,
    [passwordHash],
  );
  if (inserted.rowCount === 0) return { created: false }; // another instance won the race
  return configuredPassword ? { created: true } : { created: true, generatedPassword: password };
}

/** A stable id of this installation, made on first start; shows that data survives restarts. */
export async function ensureInstallationId(db: Database): Promise<string> {
  await db.query(`insert into mate_setting (key, value) values ('installation', $1) on conflict (key) do nothing`, [
    JSON.stringify({ id: randomUUID(), createdAt: new Date().toISOString() }),
  ]);
  const row = await db.query<{ value: { id: string } }>(`select value from mate_setting where key = 'installation'`);
  const id = row.rows[0]?.value.id;
  if (!id) throw new Error('installation id missing after insert');
  return id;
}
