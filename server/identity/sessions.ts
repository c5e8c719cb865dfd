import type { Database, Queryable } from '../db/database';
import { ensureUserRow } from './user-store';

/**
 * Sessions (docs/auth.md "Sessions"): one row per sign-in, named by the `sid` claim of its tokens. Ending one sets
 * `ended_at`; the identity cache hears it (NOTIFY) and the session's token is refused on its next call on every
 * instance. A session is active while not ended, its token not expired and the user's token version unchanged
 * (logout, a password change by someone else, disabling: everything that ends all tokens ends all sessions).
 */
export interface SessionInfo {
  oid: number;
  userAgent: string;
  address: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
}

/** Opens a session at a sign-in; answers its oid for the token's `sid`. */
export async function openSession(
  db: Database,
  session: { userOid: number; userAgent: string; address: string; tokenVersion: number; nowMs: number; expiresInSeconds: number },
): Promise<number> {
  await ensureUserRow(db, session.userOid);
  const at = new Date(session.nowMs);
  const inserted = await db.query<{ oid: string | number }>(
    `insert into mate_session (user_oid, user_agent, address, created_at, last_used_at, expires_at, token_version)
     values ($1, $2, $3, $4, $4, $5, $6) returning oid`,
    [session.userOid, session.userAgent.slice(0, 400), session.address.slice(0, 100), at, new Date(session.nowMs + session.expiresInSeconds * 1000), session.tokenVersion],
  );
  return Number(inserted.rows[0]!.oid);
}

/** A new token of the same session (password change): its expiry and token version follow. */
export async function renewSession(db: Queryable, sessionOid: number, tokenVersion: number, expiresAtMs: number): Promise<void> {
  await db.query('update mate_session set expires_at = $2, token_version = $3 where oid = $1 and ended_at is null', [sessionOid, new Date(expiresAtMs), tokenVersion]);
}

/** The sessions of a user that a token could still use, newest first. */
export async function activeSessions(db: Queryable, userOid: number, nowMs: number): Promise<SessionInfo[]> {
  const found = await db.query<{ oid: string | number; user_agent: string; address: string; created_at: Date; last_used_at: Date; expires_at: Date }>(
    `select s.oid, s.user_agent, s.address, s.created_at, s.last_used_at, s.expires_at
       from mate_session s join mate_user u on u.oid = s.user_oid
      where s.user_oid = $1 and s.ended_at is null and s.expires_at > $2 and s.token_version = u.token_version
      order by s.created_at desc, s.oid desc`,
    [userOid, new Date(nowMs)],
  );
  return found.rows.map((row) => ({
    oid: Number(row.oid),
    userAgent: row.user_agent,
    address: row.address,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: new Date(row.last_used_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  }));
}

/** Ids of the user's sessions that are not ended (the identity cache keeps them; tokens of others are refused). */
export async function openSessionOids(db: Queryable, userOid: number): Promise<Set<number>> {
  const found = await db.query<{ oid: string | number }>('select oid from mate_session where user_oid = $1 and ended_at is null', [userOid], { prepare: true });
  return new Set(found.rows.map((row) => Number(row.oid)));
}

/** Ends one session of the user; answers whether it was open. */
export async function endSession(db: Queryable, userOid: number, sessionOid: number, nowMs: number): Promise<boolean> {
  const ended = await db.query('update mate_session set ended_at = $3 where oid = $1 and user_oid = $2 and ended_at is null', [sessionOid, userOid, new Date(nowMs)]);
  return ended.rowCount > 0;
}

/** Ends every session of the user; answers how many were open. */
export async function endAllSessions(db: Queryable, userOid: number, nowMs: number): Promise<number> {
  const ended = await db.query('update mate_session set ended_at = $2 where user_oid = $1 and ended_at is null', [userOid, new Date(nowMs)]);
  return ended.rowCount;
}

/** Writes `last_used_at`, at most once a minute per session and instance (it triggers nothing: see identity-cache). */
export class SessionTouches {
  private readonly touched = new Map<number, number>();
  constructor(private readonly db: Queryable) {}

  touch(sessionOid: number, nowMs: number): void {
    const last = this.touched.get(sessionOid);
    if (last !== undefined && nowMs - last < 60_000) return;
    if (this.touched.size > 50_000) this.touched.clear();
    this.touched.set(sessionOid, nowMs);
    // Not awaited: the call does not wait for bookkeeping, and a failed write only leaves an older time.
    void Promise.resolve()
      .then(() => this.db.query('update mate_session set last_used_at = $2 where oid = $1', [sessionOid, new Date(nowMs)]))
      .catch(() => undefined);
  }
}
