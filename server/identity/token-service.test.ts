import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { createTokenService, ISSUED_AT_TOLERANCE_SECONDS, loadJwtSecret, VERIFIED_TOKENS_KEPT, type TokenService } from './token-service';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const nowSeconds = NOW / 1000;

describe('token service', () => {
  let t: TestDatabase;
  let tokens: TokenService;
  /** A token signed with the real key, with the claims given (undefined leaves a claim out). */
  let sign: (claims: { iat?: number; exp?: number }) => Promise<string>;

  beforeAll(async () => {
    t = await createTestDatabase();
    tokens = createTokenService(t.db, 3600, () => NOW);
    const key = await loadJwtSecret(t.db);
    sign = async ({ iat, exp }) => {
      const jwt = new SignJWT({ name: 'alice', ver: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('7').setIssuer('mate');
      if (iat !== undefined) jwt.setIssuedAt(iat);
      if (exp !== undefined) jwt.setExpirationTime(exp);
      return jwt.sign(key);
    };
  });
  afterAll(async () => t.drop());

  it('accepts the tokens it issues', async () => {
    const { access_token } = await tokens.issue({ oid: 7, username: 'alice', tokenVersion: 0 });
    expect(await tokens.verify(access_token)).toEqual({ userOid: 7, username: 'alice', tokenVersion: 0 });
  });

  it('refuses a well-signed token without exp, which would never expire', async () => {
    expect(await tokens.verify(await sign({ iat: nowSeconds }))).toBeUndefined();
  });

  it('refuses a well-signed token without iat', async () => {
    expect(await tokens.verify(await sign({ exp: nowSeconds + 600 }))).toBeUndefined();
  });

  it('refuses a token issued in the future, beyond a small clock tolerance', async () => {
    const ahead = nowSeconds + ISSUED_AT_TOLERANCE_SECONDS + 1;
    expect(await tokens.verify(await sign({ iat: ahead, exp: ahead + 600 }))).toBeUndefined();
    const slightlyAhead = nowSeconds + ISSUED_AT_TOLERANCE_SECONDS - 1;
    expect(await tokens.verify(await sign({ iat: slightlyAhead, exp: slightlyAhead + 600 }))).toEqual({ userOid: 7, username: 'alice', tokenVersion: 0 });
  });

  // A repeated token is not verified again (the service remembers it), but the clock still decides on every call.
  it('refuses a token it accepted before once the token has expired, and one issued ahead of a clock set back', async () => {
    let clock = NOW;
    const moving = createTokenService(t.db, 3600, () => clock);
    const token = await sign({ iat: nowSeconds, exp: nowSeconds + 600 });
    expect(await moving.verify(token)).toEqual({ userOid: 7, username: 'alice', tokenVersion: 0 });
    clock = NOW + 599_000;
    expect(await moving.verify(token)).toEqual({ userOid: 7, username: 'alice', tokenVersion: 0 });
    clock = NOW + 600_000;
    expect(await moving.verify(token)).toBeUndefined();
    clock = NOW - (ISSUED_AT_TOLERANCE_SECONDS + 1) * 1000;
    expect(await moving.verify(token)).toBeUndefined();
    clock = NOW;
    expect(await moving.verify(token)).toEqual({ userOid: 7, username: 'alice', tokenVersion: 0 });
  });

  it('answers claims a caller may change without changing what the next call answers', async () => {
    const token = await sign({ iat: nowSeconds, exp: nowSeconds + 600 });
    const first = (await tokens.verify(token))!;
    first.userOid = 1;
    expect(await tokens.verify(token)).toEqual({ userOid: 7, username: 'alice', tokenVersion: 0 });
  });

  it('still verifies every token when more were seen than it remembers', async () => {
    const many = await Promise.all(Array.from({ length: VERIFIED_TOKENS_KEPT + 5 }, (_, i) => sign({ iat: nowSeconds - i, exp: nowSeconds + 600 })));
    for (const token of many) expect(await tokens.verify(token)).toEqual({ userOid: 7, username: 'alice', tokenVersion: 0 });
    expect(await tokens.verify(many[0]!)).toEqual({ userOid: 7, username: 'alice', tokenVersion: 0 });
    expect(await tokens.verify(`${many[0]!.slice(0, -2)}xx`)).toBeUndefined();
  });
});
