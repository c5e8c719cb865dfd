import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, basic, createIdentityTestApp, type IdentityTestApp } from './identity-test-app';
import { firstBackoffFromEnv } from './sign-in-backoff';
import { disableUser } from './user-admin';

const URL = '/api/v1-pub/auth/user/token.json';

function signIn(t: IdentityTestApp, authorization: string | undefined, remoteAddress = '10.0.0.1') {
  return t.app.inject({ method: 'GET', url: URL, headers: authorization ? { authorization } : {}, remoteAddress });
}

function codeOf(response: { statusMessage: string; json(): unknown }): string | undefined {
  return (response.json() as { error_code?: string }).error_code;
}

describe('sign-in', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp({ env: { MATE_LICENSED_USERS: '2' } });
    await addUser(t.database, 'alice', 'alice-password');
    await addUser(t.database, 'bob', 'bob-password');
    await addUser(t.database, 'carol', 'carol-password'); // third enabled user: beyond the licence of 2
  });
  afterAll(() => t.close());

  it('answers a bearer token for a right username and password, case-insensitive username', async () => {
    const response = await signIn(t, basic('Alice', 'alice-password'));
    expect(response.statusCode).toBe(200);
    const body = response.json() as { access_token: string; token_type: string; expires_in: number };
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(60 * 60);
    expect(body.access_token.split('.')).toHaveLength(3);
    // Byte for byte what the handler returns: these members in this order (the route's answer schema keeps them).
    expect(response.body).toBe(JSON.stringify({ access_token: body.access_token, token_type: 'Bearer', expires_in: 3600 }));
    expect(response.headers['cache-control']).toBe('no-store');
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(profile.json()).toMatchObject({ username: 'alice' });
  });

  it.each([
    ['no header', undefined],
    ['not Basic', 'Bearer abc'],
    ['no colon', `Basic ${Buffer.from('alice').toString('base64')}`],
    ['empty password', basic('alice', '')],
    ['empty username', basic('', 'x')],
  ])('40101 for a malformed credential (%s)', async (_name, header) => {
    const response = await signIn(t, header);
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe('40101');
    expect(response.statusMessage).toContain('[40101]');
  });

  it('40102 with the same message for a wrong password and an unknown user', async () => {
    const wrong = await signIn(t, basic('bob', 'not-his-password'));
    const unknown = await signIn(t, basic('nobody', 'whatever-password'));
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(codeOf(response)).toBe('40102');
      expect(response.statusMessage).toBe('Unauthorized [40102]');
      expect(response.json()).toMatchObject({ message: 'Invalid username or password', error_description: 'Invalid username or password' });
    }
  });

  it('40104 for a disabled user, only after the right password', async () => {
    const oid = await addUser(t.database, 'dora', 'dora-password');
    await disableUser(t.database.db, oid);
    expect(codeOf(await signIn(t, basic('dora', 'wrong-password')))).toBe('40102');
    const response = await signIn(t, basic('dora', 'dora-password'));
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe('40104');
  });

  it('40105 for an enabled user beyond the licensed number, ordered by creation', async () => {
    const response = await signIn(t, basic('carol', 'carol-password'));
    expect(codeOf(response)).toBe('40105');
    expect(response.statusMessage).toContain('[40105]');
    expect(codeOf(await signIn(t, basic('carol', 'wrong-password')))).toBe('40102');
  });
});

describe('back-off', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
    for (const name of ['admin', 'ann', 'bea', 'cleo']) await addUser(t.database, name, `${name}-password`);
  });
  afterAll(() => t.close());

  const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);

  it('backs one address off after 3 wrong passwords, says when to try again, and lets the right password in after it', async () => {
    for (let i = 0; i < 3; i++) expect(codeOf(await signIn(t, basic('admin', `wrong-${i}-password`), '10.1.0.1'))).toBe('40102');
    const held = await signIn(t, basic('admin', 'admin-password'), '10.1.0.1');
    expect(held.statusCode).toBe(401);
    expect(codeOf(held)).toBe('40103');
    expect(held.statusMessage).toContain('[40103]');
    expect(retryAfter(held)).toBe(1);
    expect(held.json()).toMatchObject({ message: 'Too many failed sign-ins: try again in 1 second', retryAfterSeconds: 1 });
    t.clock.advance(1_000);
    expect((await signIn(t, basic('admin', 'admin-password'), '10.1.0.1')).statusCode).toBe(200);
  });

  it('doubles the wait per further failure up to 5 minutes, and the right password still works after the last window', async () => {
    const waits: number[] = [];
    for (let i = 0; waits.length < 11 && i < 40; i++) {
      const answer = await signIn(t, basic('ann', `wrong-${i}-password`), '10.1.0.2');
      if (codeOf(answer) === '40103') {
        waits.push(retryAfter(answer));
        t.clock.advance(retryAfter(answer) * 1_000);
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
    expect(codeOf(await signIn(t, basic('ann', 'one-more-wrong-password'), '10.1.0.2'))).toBe('40102');
    const held = await signIn(t, basic('ann', 'ann-password'), '10.1.0.2');
    expect(codeOf(held)).toBe('40103');
    expect(retryAfter(held)).toBe(300);
    t.clock.advance(299_000);
    expect(codeOf(await signIn(t, basic('ann', 'ann-password'), '10.1.0.2'))).toBe('40103');
    t.clock.advance(1_000);
    expect((await signIn(t, basic('ann', 'ann-password'), '10.1.0.2')).statusCode).toBe(200);
  });

  it('does not hold back the same account at another address', async () => {
    for (let i = 0; i < 6; i++) await signIn(t, basic('admin', `wrong-${i}-password`), '192.0.2.66');
    expect(codeOf(await signIn(t, basic('admin', 'admin-password'), '192.0.2.66'))).toBe('40103');
    expect((await signIn(t, basic('admin', 'admin-password'), '10.1.0.3')).statusCode).toBe(200);
  });

  it('backs the account off after 10 failures spread over addresses, except where it signed in before', async () => {
    expect((await signIn(t, basic('bea', 'bea-password'), '10.5.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect(codeOf(await signIn(t, basic('bea', 'wrong-password'), `198.51.100.${i}`))).toBe('40102');
    const elsewhere = await signIn(t, basic('bea', 'bea-password'), '10.6.0.1');
    expect(codeOf(elsewhere)).toBe('40103');
    expect(retryAfter(elsewhere)).toBe(1);
    expect((await signIn(t, basic('bea', 'bea-password'), '10.5.0.1')).statusCode).toBe(200);
  });

  it('backs unknown usernames off alike, so the back-off does not reveal who exists', async () => {
    const answers = async (username: string, net: string) => {
      const seen: [number, string | undefined, string | undefined][] = [];
      const record = (response: Awaited<ReturnType<typeof signIn>>) =>
        seen.push([response.statusCode, codeOf(response), response.headers['retry-after'] as string | undefined]);
      for (let i = 0; i < 4; i++) record(await signIn(t, basic(username, 'wrong-password'), `${net}.0.1`));
      for (let i = 0; i < 7; i++) record(await signIn(t, basic(username, 'wrong-password'), `${net}.1.${i}`));
      record(await signIn(t, basic(username, 'wrong-password'), `${net}.2.1`));
      return seen;
    };
    const real = await answers('cleo', '10.7');
    expect(real.map(([, code]) => code)).toEqual([...Array(3).fill('40102'), '40103', ...Array(7).fill('40102'), '40103']);
    expect(await answers('ghost', '10.8')).toEqual(real);
  });
});

describe('a longer first back-off (MATE_SIGNIN_FIRST_BACKOFF_SECONDS)', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp({ env: { MATE_SIGNIN_FIRST_BACKOFF_SECONDS: '5' } });
    await addUser(t.database, 'dora', 'dora-password');
  });
  afterAll(() => t.close());

  it('starts the back-off at the configured seconds, doubles it, and lets the right password in after it', async () => {
    for (let i = 0; i < 3; i++) expect(codeOf(await signIn(t, basic('dora', `wrong-${i}-password`)))).toBe('40102');
    const held = await signIn(t, basic('dora', 'dora-password'));
    expect(held.json()).toMatchObject({ error_code: '40103', retryAfterSeconds: 5, message: 'Too many failed sign-ins: try again in 5 seconds' });
    t.clock.advance(4_000);
    expect((await signIn(t, basic('dora', 'dora-password'))).json()).toMatchObject({ error_code: '40103', retryAfterSeconds: 1 });
    t.clock.advance(1_000);
    expect(codeOf(await signIn(t, basic('dora', 'wrong-3-password')))).toBe('40102');
    expect((await signIn(t, basic('dora', 'dora-password'))).json()).toMatchObject({ retryAfterSeconds: 10 });
    t.clock.advance(10_000);
    expect((await signIn(t, basic('dora', 'dora-password'))).statusCode).toBe(200);
  });

  it('refuses a value that would shorten or end the back-off, or is no whole number of seconds', () => {
    expect(firstBackoffFromEnv({})).toBe(1);
    expect(firstBackoffFromEnv({ MATE_SIGNIN_FIRST_BACKOFF_SECONDS: ' 30 ' })).toBe(30);
    for (const bad of ['0', '301', '1.5', 'soon', '-2']) {
      expect(() => firstBackoffFromEnv({ MATE_SIGNIN_FIRST_BACKOFF_SECONDS: bad }), bad).toThrow(/MATE_SIGNIN_FIRST_BACKOFF_SECONDS must be a whole number between 1 and 300/);
    }
  });
});

describe('per-address ceiling', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp({ throttleLimits: { perAddress: { capacity: 4, perMinute: 4 } } });
    await addUser(t.database, 'erin', 'erin-password');
  });
  afterAll(() => t.close());

  it('counts failures of all usernames from one address, answers 429 with Retry-After, and refills', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signIn(t, basic(`user${i}`, 'some-password'), '10.3.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    const throttled = await signIn(t, basic('erin', 'erin-password'), '10.3.0.1');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBe(15);
    expect((await signIn(t, basic('erin', 'erin-password'), '10.3.0.2')).statusCode).toBe(200);
    t.clock.advance(15_000);
    expect((await signIn(t, basic('erin', 'erin-password'), '10.3.0.1')).statusCode).toBe(200);
  });

  it('lets a user who signed in from the address before through a full ceiling, still backing off wrong passwords', async () => {
    expect((await signIn(t, basic('erin', 'erin-password'), '10.5.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await signIn(t, basic(`sprayed${i}`, 'some-password'), '10.5.0.1');
    expect((await signIn(t, basic('stranger', 'some-password'), '10.5.0.1')).statusCode).toBe(429);
    expect((await signIn(t, basic('erin', 'erin-password'), '10.5.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect(codeOf(await signIn(t, basic('erin', 'wrong-password'), '10.5.0.1'))).toBe('40102');
    expect(codeOf(await signIn(t, basic('erin', 'erin-password'), '10.5.0.1'))).toBe('40103');
  });

  it('does not count successful sign-ins, so many people behind one address can sign in', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(t, basic('erin', 'erin-password'), '10.4.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(t, basic(`user${i}`, 'some-password'), '10.4.0.1')).statusCode).toBe(401);
  });
});

describe('client address behind a proxy (MATE_TRUST_PROXY naming the proxy)', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp({ config: { trustProxy: ['10.9.0.0/16'] }, throttleLimits: { perAddress: { capacity: 3, perMinute: 3 } } });
  });
  afterAll(() => t.close());

  const viaProxy = (username: string, forwardedFor: string) =>
    t.app.inject({ method: 'GET', url: URL, headers: { authorization: basic(username, 'some-password'), 'x-forwarded-for': forwardedFor }, remoteAddress: '10.9.0.1' });

  it('throttles the address the proxy saw, whatever the client put before it', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await viaProxy(`user${i}`, `192.0.2.${i}, 198.51.100.7`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('keeps other clients behind the same proxy apart', async () => {
    expect((await viaProxy('someone', '198.51.100.8')).statusCode).toBe(401);
  });
});

describe('last sign-in', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
    await addUser(t.database, 'dora', 'dora-password');
  });
  afterAll(() => t.close());

  async function lastLoginOf(username: string): Promise<{ at: string | null; version: number }> {
    const result = await t.database.db.query<{ LastLoginAt: string | null; row_version: number }>(
      'select "LastLoginAt", row_version from e_identity_user where "UserName" = $1',
      [username],
    );
    return { at: result.rows[0]!.LastLoginAt, version: Number(result.rows[0]!.row_version) };
  }

  it('is empty before the first sign-in, not written by a failure, and set to the time of each successful one', async () => {
    expect((await lastLoginOf('dora')).at).toBeNull();
    expect(codeOf(await signIn(t, basic('dora', 'wrong-password')))).toBe('40102');
    expect((await lastLoginOf('dora')).at).toBeNull();

    expect((await signIn(t, basic('dora', 'dora-password'))).statusCode).toBe(200);
    const first = await lastLoginOf('dora');
    expect(first.at).toBe(new Date(t.clock.now()).toISOString());

    t.clock.advance(3_600_000);
    expect((await signIn(t, basic('dora', 'dora-password'))).statusCode).toBe(200);
    const second = await lastLoginOf('dora');
    expect(second.at).toBe(new Date(t.clock.now()).toISOString());
    expect(second.version).toBeGreaterThan(first.version); // an open editor of the record gets a conflict, not a refusal
  });

  it('is not written by a password change, which issues a token without signing in', async () => {
    const token = (await signIn(t, basic('dora', 'dora-password'))).json() as { access_token: string };
    const before = await lastLoginOf('dora');
    t.clock.advance(60_000);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${token.access_token}` },
      payload: { password: 'dora-password', newPassword: 'dora-password-2' },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = changed.json() as { access_token: string };
    expect(changed.body).toBe(JSON.stringify({ access_token: renewed.access_token, token_type: 'Bearer', expires_in: 3600 }));
    expect((await lastLoginOf('dora')).at).toBe(before.at);
  });
});
