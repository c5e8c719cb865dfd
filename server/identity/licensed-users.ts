import type { Queryable } from '../db/database';
import { IDENTITY_TABLES } from './identity-tables';

/**
 * MATE_LICENSED_USERS: how many enabled users may sign in; unset or empty means unlimited. Read here rather than in
 * server/config.ts because identity owns the rule.
 */
export function licensedUsersFromEnv(env: Record<string, string | undefined> = process.env): number | undefined {
  const raw = env.MATE_LICENSED_USERS?.trim();
  if (!raw) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new Error(`Configuration error: MATE_LICENSED_USERS must be a whole number of at least 1, got '${env.MATE_LICENSED_USERS}'`);
  }
  return Number(raw);
}

/**
 * Whether the user is beyond the licence: enabled users are counted in order of creation (oid breaks ties), and
 * only the first `limit` may sign in. Disabling an earlier user frees a place for the next one.
 */
export async function isBeyondLicence(db: Queryable, user: { oid: number; createdAt: Date }, limit: number | undefined): Promise<boolean> {
  if (limit === undefined) return false;
  const earlier = await db.query<{ n: number }>(
    `select count(*)::int as n from ${IDENTITY_TABLES.user} where not "Disabled" and (created_at < $1 or (created_at = $1 and "Oid" < $2))`,
    [user.createdAt, user.oid],
  );
  return (earlier.rows[0]?.n ?? 0) >= limit;
}
