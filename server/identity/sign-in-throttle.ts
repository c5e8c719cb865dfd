/** Limits of one bucket: a burst of `capacity`, refilled at `perMinute`. */
export interface BucketLimits {
  capacity: number;
  perMinute: number;
}

/** Throttle limits per username and per client address. */
export interface ThrottleLimits {
  perUser: BucketLimits;
  perAddress: BucketLimits;
}

/**
 * Defaults: a burst of 10 then 10 a minute per username (lock-out stops guessing long before that matters), and a
 * burst of 30 then 30 a minute per address, since several people may sign in from behind one NAT.
 */
export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  perUser: { capacity: 10, perMinute: 10 },
  perAddress: { capacity: 30, perMinute: 30 },
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

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one attempt for both keys; answers 0 when allowed, else the seconds to wait (nothing is taken then). */
  take(username: string, address: string): number {
    const at = this.now();
    const user = this.fill(`u:${username.toLowerCase()}`, this.limits.perUser, at);
    const addr = this.fill(`a:${address}`, this.limits.perAddress, at);
    if (user.tokens < 1 || addr.tokens < 1) {
      const wait = (bucket: Bucket, limits: BucketLimits) => (bucket.tokens >= 1 ? 0 : ((1 - bucket.tokens) * 60) / limits.perMinute);
      return Math.max(1, Math.ceil(Math.max(wait(user, this.limits.perUser), wait(addr, this.limits.perAddress))));
    }
    user.tokens -= 1;
    addr.tokens -= 1;
    return 0;
  }

  private fill(key: string, limits: BucketLimits, at: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
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
    const slowest = Math.min(this.limits.perUser.perMinute, this.limits.perAddress.perMinute);
    const capacity = Math.max(this.limits.perUser.capacity, this.limits.perAddress.capacity);
    const idle = (capacity / slowest) * 60_000;
    for (const [key, bucket] of this.buckets) if (at - bucket.at >= idle) this.buckets.delete(key);
    if (this.buckets.size >= MAX_KEYS) this.buckets.clear(); // under a flood of distinct keys, forget rather than grow
  }
}
