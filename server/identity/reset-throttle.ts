import { ApiError } from '../lib/api-error';
import { SignInThrottle, type BucketLimits } from './sign-in-throttle';

/** Reset mails per account: a burst of 3, then one every 20 minutes, so nobody's mailbox can be flooded. */
export const RESET_PER_ACCOUNT: BucketLimits = { capacity: 3, perMinute: 1 / 20 };
/** Reset requests per client address: a burst of 10, then 10 a minute, so one client cannot mail everybody. */
export const RESET_PER_ADDRESS: BucketLimits = { capacity: 10, perMinute: 10 };

/**
 * The throttle of password reset requests (docs/auth.md "Throttle"). Per address it answers 429, which tells nothing
 * about any account. Per account it only says whether to send the mail: the answer stays the same either way, so the
 * limit neither reveals that the account exists nor lets anyone lock its owner out of resetting for long.
 */
export class ResetThrottle {
  private readonly buckets: SignInThrottle;

  constructor(now: () => number = Date.now) {
    // Its limits are passed per key (takeOne); the constructor's are not used.
    this.buckets = new SignInThrottle({ perAddress: RESET_PER_ADDRESS }, now);
  }

  /** Takes one request of the address; a 429 with the seconds to wait when it has none left. */
  takeAddress(address: string): void {
    const wait = this.buckets.takeOne(`a:${address}`, RESET_PER_ADDRESS);
    if (wait > 0) throw new ApiError(429, `Too many password reset requests; wait ${wait} seconds.`, { extra: { retryAfterSeconds: wait } });
  }

  /** Whether the account may get another reset mail now (takes one when it may). */
  mayMail(userOid: number): boolean {
    return this.buckets.takeOne(`u:${userOid}`, RESET_PER_ACCOUNT) === 0;
  }
}
