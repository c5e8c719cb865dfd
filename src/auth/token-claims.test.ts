import { describe, expect, it } from 'vitest';
import { ANONYMOUS_TOKEN, isTokenExpired, readTokenClaims } from './token-claims';
import { fakeJwt } from './test-support/fake-jwt';

describe('readTokenClaims', () => {
  it('reads username, user id and expiry from a JWT', () => {
    expect(readTokenClaims(fakeJwt({ name: 'anna', sub: '17', exp: 1_000 }))).toEqual({ username: 'anna', userId: '17', expiresAt: 1_000_000 });
  });

  it('reads non-ASCII names', () => {
    expect(readTokenClaims(fakeJwt({ name: 'Jürgen', sub: '1', exp: 5 })).username).toBe('Jürgen');
  });

  it('yields nothing for opaque or broken tokens', () => {
    expect(readTokenClaims('opaque')).toEqual({});
    expect(readTokenClaims('a.%%%.c')).toEqual({});
  });
});

describe('isTokenExpired', () => {
  const token = fakeJwt({ name: 'anna', sub: '1', exp: 100 });

  it('counts a token as expired 5 s before its exp', () => {
    expect(isTokenExpired(token, 94_999)).toBe(false);
    expect(isTokenExpired(token, 95_000)).toBe(true);
    expect(isTokenExpired(token, 200_000)).toBe(true);
  });

  it('never expires the ANONYMOUS token', () => {
    expect(isTokenExpired(ANONYMOUS_TOKEN, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('uses the sign-in answer expiry for a token without exp', () => {
    expect(isTokenExpired('opaque', 10_000, 20_000)).toBe(false);
    expect(isTokenExpired('opaque', 15_000, 20_000)).toBe(true);
    expect(isTokenExpired('opaque', 15_000)).toBe(false);
  });
});
