import { describe, expect, it } from 'vitest';
import { ErrorRowThrottle } from './error-row-throttle';

describe('error row throttle', () => {
  it('lets one address store only its share per minute, and the others theirs', () => {
    let now = 0;
    const throttle = new ErrorRowThrottle({ perMinute: 5, perAddressPerMinute: 2 }, () => now);
    expect([throttle.allow('a'), throttle.allow('a'), throttle.allow('a')]).toEqual([true, true, false]);
    expect([throttle.allow('b'), throttle.allow('b')]).toEqual([true, true]);
    expect(throttle.allow('c')).toBe(true);
    // The overall limit holds for everyone.
    expect(throttle.allow('d')).toBe(false);
    expect(throttle.suppressed).toBe(2);
    now += 60_000;
    expect(throttle.allow('a')).toBe(true);
    expect(throttle.suppressed).toBe(0);
  });
});
