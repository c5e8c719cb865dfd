/** Failed sign-ins in a row that lock an account. */
export const LOCKOUT_THRESHOLD = 5;
/** The longest lock, so an attacker can keep the administrator out for at most this long per round. */
export const LOCKOUT_MAX_MINUTES = 15;

/** Minutes of the next lock after `previousLocks` locks since the last success: 1, 2, 4, 8, 15, 15 ... */
export function lockoutMinutes(previousLocks: number): number {
  return Math.min(LOCKOUT_MAX_MINUTES, 2 ** Math.min(previousLocks, 10));
}

/** Failure bookkeeping for usernames that do not exist, so that they lock like real ones and reveal nothing. */
export class PhantomLockouts {
  private readonly entries = new Map<string, { failures: number; locks: number; lockedUntil: number }>();

  constructor(private readonly now: () => number) {}

  /** Milliseconds until the name's lock ends, 0 when not locked. */
  lockedFor(username: string): number {
    const entry = this.entries.get(username.toLowerCase());
    return entry ? Math.max(0, entry.lockedUntil - this.now()) : 0;
  }

  /** Records a failure; answers the minutes of the lock it caused, or 0. */
  fail(username: string): number {
    const key = username.toLowerCase();
    if (!this.entries.has(key) && this.entries.size >= 50_000) this.entries.clear();
    const entry = this.entries.get(key) ?? { failures: 0, locks: 0, lockedUntil: 0 };
    this.entries.set(key, entry);
    entry.failures++;
    if (entry.failures < LOCKOUT_THRESHOLD) return 0;
    const minutes = lockoutMinutes(entry.locks);
    entry.failures = 0;
    entry.locks++;
    entry.lockedUntil = this.now() + minutes * 60_000;
    return minutes;
  }
}
