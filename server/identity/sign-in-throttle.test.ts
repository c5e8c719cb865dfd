import { describe, expect, it } from 'vitest';
import { backoffSeconds, FailureCounts, FamiliarAddresses, FAMILIAR_FOR_MS } from './sign-in-backoff';
import { SignInThrottle } from './sign-in-throttle';

describe('SignInThrottle (per-address ceiling)', () => {
  it('lets a burst through, then refills at the rate', () => {
    let now = 0;
    const throttle = new SignInThrottle({ perAddress: { capacity: 2, perMinute: 6 } }, () => now);
    expect(throttle.take('a')).toBe(0);
    expect(throttle.take('a')).toBe(0);
    expect(throttle.take('a')).toBe(10); // one token per 10 s
    expect(throttle.take('b')).toBe(0); // another address has its own bucket
    now += 10_000;
    expect(throttle.take('a')).toBe(0);
  });

  it('counts only failures: a refunded attempt leaves the bucket as it was', () => {
    const throttle = new SignInThrottle({ perAddress: { capacity: 1, perMinute: 1 } }, () => 0);
    for (let i = 0; i < 5; i++) {
      expect(throttle.take('office')).toBe(0);
      throttle.refund('office');
    }
    expect(throttle.take('office')).toBe(0);
    expect(throttle.take('office')).toBeGreaterThan(0);
  });
});

describe('back-off', () => {
  it('is free for the first failures, then 1, 2, 4 ... seconds and never more than 300', () => {
    expect([0, 1, 2, 3, 4, 5, 11, 12, 40].map((failures) => backoffSeconds(failures, 3))).toEqual([0, 0, 0, 1, 2, 4, 256, 300, 300]);
  });

  it('counts failures in a row per key, ends with its window and starts afresh after a success', () => {
    let now = 0;
    const counts = new FailureCounts(2, () => now);
    expect(counts.fail('k')).toBe(0);
    expect(counts.waitMs('k')).toBe(0);
    expect(counts.fail('k')).toBe(1);
    expect(counts.waitMs('k')).toBe(1_000);
    expect(counts.waitMs('other')).toBe(0);
    now += 1_000;
    expect(counts.waitMs('k')).toBe(0);
    expect(counts.fail('k')).toBe(2);
    counts.succeed('k');
    expect(counts.fail('k')).toBe(0);
  });

  it('knows an address for 30 days after a success of that username there', () => {
    let now = 0;
    const familiar = new FamiliarAddresses(() => now);
    familiar.remember('Anna', '10.0.0.1');
    expect(familiar.isFamiliar('anna', '10.0.0.1')).toBe(true);
    expect(familiar.isFamiliar('anna', '10.0.0.2')).toBe(false);
    expect(familiar.isFamiliar('bert', '10.0.0.1')).toBe(false);
    now += FAMILIAR_FOR_MS;
    expect(familiar.isFamiliar('anna', '10.0.0.1')).toBe(false);
  });
});
