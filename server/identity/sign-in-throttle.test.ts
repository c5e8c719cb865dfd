import { describe, expect, it } from 'vitest';
import { lockoutMinutes } from './lockout-policy';
import { SignInThrottle } from './sign-in-throttle';

describe('SignInThrottle', () => {
  it('lets a burst through, then refills at the rate', () => {
    let now = 0;
    const throttle = new SignInThrottle({ perUser: { capacity: 2, perMinute: 6 }, perAddress: { capacity: 100, perMinute: 100 } }, () => now);
    expect(throttle.take('u', 'a')).toBe(0);
    expect(throttle.take('U', 'b')).toBe(0); // usernames compare case-insensitively
    expect(throttle.take('u', 'c')).toBe(10); // one token per 10 s
    now += 10_000;
    expect(throttle.take('u', 'c')).toBe(0);
    expect(throttle.take('other', 'c')).toBe(0);
  });

  it('takes nothing from the user bucket when the address bucket is empty', () => {
    const now = 0;
    const throttle = new SignInThrottle({ perUser: { capacity: 1, perMinute: 1 }, perAddress: { capacity: 1, perMinute: 1 } }, () => now);
    expect(throttle.take('u1', 'a')).toBe(0);
    expect(throttle.take('u2', 'a')).toBeGreaterThan(0);
    expect(throttle.take('u2', 'b')).toBe(0);
  });
});

describe('lockoutMinutes', () => {
  it('grows 1, 2, 4, 8 and stays at 15', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map(lockoutMinutes)).toEqual([1, 2, 4, 8, 15, 15, 15]);
  });
});
