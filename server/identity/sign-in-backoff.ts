import type { Queryable } from '../db/database';

/**
 * Exponential back-off after failed sign-ins (docs/auth.md "Throttles"). A back-off only delays: once its window has
 * passed, the right password always signs in, so nobody (the last administrator included) can be locked out for good.
 */

/** Wrong passwords in a row from one address for one username before the first back-off (typos cost nothing). */
export const PAIR_FREE_FAILURES = 3;
/** Wrong passwords in a row for one account, from all addresses together, before its first back-off. */
export const ACCOUNT_FREE_FAILURES = 10;
/** The longest back-off: an attacker can hold a window open for at most this long per wrong guess. */
export const BACKOFF_MAX_SECONDS = 300;
/** The first back-off, doubled per further failure; MATE_SIGNIN_FIRST_BACKOFF_SECONDS may lengthen it. */
export const FIRST_BACKOFF_SECONDS = 1;
/** How long a successful sign-in makes its address familiar to the account (see FamiliarAddresses). */
export const FAMILIAR_FOR_MS = 30 * 24 * 60 * 60 * 1000;

const MAX_KEYS = 50_000;

/**
 * Seconds of back-off after `failures` wrong passwords in a row of which `free` cost nothing: `first`, then doubled
 * per further failure (1, 2, 4 ... by default), at most 300.
 */
export function backoffSeconds(failures: number, free: number, first = FIRST_BACKOFF_SECONDS): number {
  if (failures < free) return 0;
  return Math.min(BACKOFF_MAX_SECONDS, first * 2 ** Math.min(failures - free, 30));
}

/**
 * MATE_SIGNIN_FIRST_BACKOFF_SECONDS: the first back-off (1 to 300 s, default 1). Only a longer one than the default
 * can be had, so the knob never weakens the throttle; tests use it to see a back-off without racing a 1 s window.
 */
export function firstBackoffFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.MATE_SIGNIN_FIRST_BACKOFF_SECONDS?.trim();
  if (!raw) return FIRST_BACKOFF_SECONDS;
  if (!/^\d+$/.test(raw) || Number(raw) < FIRST_BACKOFF_SECONDS || Number(raw) > BACKOFF_MAX_SECONDS) {
    throw new Error(
      `Configuration error: MATE_SIGNIN_FIRST_BACKOFF_SECONDS must be a whole number between ${FIRST_BACKOFF_SECONDS} and ${BACKOFF_MAX_SECONDS}, got '${env.MATE_SIGNIN_FIRST_BACKOFF_SECONDS}'`,
    );
  }
  return Number(raw);
}

/** Failures in a row per key and when the back-off they caused ends, in memory (per server instance). */
export class FailureCounts {
  private readonly entries = new Map<string, { failures: number; until: number }>();

  constructor(
    private readonly free: number,
    private readonly now: () => number,
    private readonly first = FIRST_BACKOFF_SECONDS,
  ) {}

  /** Milliseconds until the key's back-off ends, 0 when it may try now. */
  waitMs(key: string): number {
    const entry = this.entries.get(key);
    return entry ? Math.max(0, entry.until - this.now()) : 0;
  }

  /** Records a wrong password; answers the seconds of back-off it caused (0 while failures are still free). */
  fail(key: string): number {
    if (!this.entries.has(key) && this.entries.size >= MAX_KEYS) this.prune();
    const entry = this.entries.get(key) ?? { failures: 0, until: 0 };
    this.entries.set(key, entry);
    entry.failures++;
    const seconds = backoffSeconds(entry.failures, this.free, this.first);
    entry.until = this.now() + seconds * 1000;
    return seconds;
  }

  /** A right password: the key starts afresh. */
  succeed(key: string): void {
    this.entries.delete(key);
  }

  // Entries whose window has passed keep only a count; under a flood of distinct keys, forgetting beats growing.
  private prune(): void {
    const at = this.now();
    for (const [key, entry] of this.entries) if (entry.until + BACKOFF_MAX_SECONDS * 1000 <= at) this.entries.delete(key);
    if (this.entries.size >= MAX_KEYS) this.entries.clear();
  }
}

/**
 * Addresses a username signed in from successfully, in memory per instance. Neither the account-wide back-off
 * (against guessing spread over many addresses) nor the per-address ceiling applies there, so an attacker elsewhere,
 * or one flooding from the same office address, cannot keep the owner out. Keyed by the (lower-cased) username so
 * that it is known before the user is looked up.
 */
export class FamiliarAddresses {
  private readonly seen = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  remember(username: string, address: string): void {
    const key = `${username.toLowerCase()}\n${address}`;
    if (!this.seen.has(key) && this.seen.size >= MAX_KEYS) this.prune();
    this.seen.delete(key); // re-inserted last, so the map stays ordered oldest first
    this.seen.set(key, this.now());
  }

  isFamiliar(username: string, address: string): boolean {
    const at = this.seen.get(`${username.toLowerCase()}\n${address}`);
    return at !== undefined && this.now() - at < FAMILIAR_FOR_MS;
  }

  private prune(): void {
    const at = this.now();
    for (const [key, seenAt] of this.seen) {
      if (at - seenAt < FAMILIAR_FOR_MS) break;
      this.seen.delete(key);
    }
    // Still full: drop the oldest tenth rather than grow.
    if (this.seen.size >= MAX_KEYS) for (const key of [...this.seen.keys()].slice(0, MAX_KEYS / 10)) this.seen.delete(key);
  }
}

/**
 * Counts a wrong password or second factor against the account across all addresses (in mate_user, so across
 * instances and restarts), and locks the account for its back-off once past the free failures.
 */
export async function recordAccountFailure(db: Queryable, userOid: number, nowMs: number, firstBackoffSeconds: number): Promise<void> {
  const updated = await db.query<{ failed_attempts: number }>(
    // Upsert: a user created in the grid has no private row until something (here: a failure) needs one.
    `insert into mate_user (oid, failed_attempts) values ($1, 1)
     on conflict (oid) do update set failed_attempts = mate_user.failed_attempts + 1 returning failed_attempts`,
    [userOid],
  );
  const seconds = backoffSeconds(Number(updated.rows[0]?.failed_attempts ?? 0), ACCOUNT_FREE_FAILURES, firstBackoffSeconds);
  if (seconds > 0) await db.query('update mate_user set locked_until = $2 where oid = $1', [userOid, new Date(nowMs + seconds * 1000)]);
}
