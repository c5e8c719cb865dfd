import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { ensureUserRow } from './user-store';

/** What a one-time token is for. */
export type OneTimePurpose = 'confirm-registration' | 'reset-password' | 'invite';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Makes a token for a mail link; only its hash is stored, so a database leak does not leak usable links. */
export async function createOneTimeToken(db: Queryable, userOid: number, purpose: OneTimePurpose, validMs: number, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ensureUserRow(db, userOid);
  await db.query('insert into mate_user_token (token_hash, user_oid, purpose, expires_at) values ($1, $2, $3, $4)', [
    digest(token),
    userOid,
    purpose,
    new Date(now + validMs),
  ]);
  return token;
}

/** Uses a token once: answers its user while unused and unexpired, undefined otherwise. Several purposes: any of them. */
export async function consumeOneTimeToken(db: Database | Queryable, token: string, purpose: OneTimePurpose | OneTimePurpose[], now: number): Promise<number | undefined> {
  const used = await db.query<{ user_oid: string | number }>(
    `update mate_user_token set used_at = $3 where token_hash = $1 and purpose = any($2::text[]) and used_at is null and expires_at > $3 returning user_oid`,
    [digest(token), Array.isArray(purpose) ? purpose : [purpose], new Date(now)],
  );
  const row = used.rows[0];
  return row ? Number(row.user_oid) : undefined;
}
