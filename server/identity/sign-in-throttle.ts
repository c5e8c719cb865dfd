/** Limits of one bucket: a burst of `capacity`, refilled at `perMinute`. */
export interface BucketLimits {
  capacity: number;
  perMinute: number;
}

/** The per-address ceiling of sign-in (the per-account rules are the back-off of sign-in-backoff.ts). */
export interface ThrottleLimits {
  /** Failed sign-ins per client address, all usernames together. */
  perAddress: BucketLimits;
}

/**
 * Default: a burst of 100 failed sign-ins per address, refilled at 100 a minute. Generous on purpose: an office
 * behind one NAT or proxy shares an address, and guessing one password is already slowed per username and address
 * by the back-off. The ceiling only stops a flood or a spray over many usernames from burning CPU on hashing.
 */
export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  perAddress: { capacity: 100, perMinute: 100 },
};

interface Bucket {
  tokens: number;
  at: number;
}

const MAX_KEYS = 50_000;

/**
 * In-memory token buckets, checked before any password hashing so that a flood costs no CPU. Per instance: with
 * several instances an attacker gets the limits once per instance (docs/auth.md).
 */
export class SignInThrottle {
  private readonly buckets = new Map<string, Bucket>();
  /** The longest time any bucket seen needs to fill up again: only buckets idle that long may be forgotten. */
  private longestRefillMs = 0;

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes one attempt of the address before hashing; answers 0 when allowed, else the seconds to wait. A right
   * password gives it back (`refund`), so only failures count against the ceiling, and concurrent attempts cannot
   * all slip past it.
   */
  take(address: string): number {
    return this.takeOne(`a:${address}`, this.limits.perAddress);
  }

  /** Gives back the attempt `take` took for an address whose sign-in succeeded. */
  refund(address: string): void {
    const bucket = this.fill(`a:${address}`, this.limits.perAddress, this.now());
    bucket.tokens = Math.min(this.limits.perAddress.capacity, bucket.tokens + 1);
  }

  /** Takes one token of the bucket `key` with `limits`; answers 0 when allowed, else the seconds to wait. */
  takeOne(key: string, limits: BucketLimits): number {
    const bucket = this.fill(key, limits, this.now());
    if (bucket.tokens < 1) return Math.max(1, Math.ceil(((1 - bucket.tokens) * 60) / limits.perMinute));
    bucket.tokens -= 1;
    return 0;
  }

  private fill(key: string, limits: BucketLimits, at: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      this.longestRefillMs = Math.max(this.longestRefillMs, (limits.capacity / limits.perMinute) * 60_000);
      if (this.buckets.size >= MAX_KEYS) this.prune(at);
      bucket = { tokens: limits.capacity, at };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(limits.capacity, bucket.tokens + ((at - bucket.at) / 60_000) * limits.perMinute);
    bucket.at = at;
    return bucket;
  }

  // Buckets idle long enough to be full again carry no information; dropping them bounds memory.
  private prune(at: number): void {
    for (const [key, bucket] of this.buckets) if (at - bucket.at >= this.longestRefillMs) this.buckets.delete(key);
    if (this.buckets.size >= MAX_KEYS) this.buckets.clear(); // under a flood of distinct keys, forget rather than grow
  }
}
