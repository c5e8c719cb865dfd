import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, basic, createIdentityTestApp, type IdentityTestApp } from './identity-test-app';
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

describe('lock-out', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
    await addUser(t.database, 'admin', 'admin-password');
  });
  afterAll(() => t.close());

  async function failFiveTimes(username: string): Promise<string | undefined> {
    let last: string | undefined;
    for (let i = 0; i < 5; i++) last = codeOf(await signIn(t, basic(username, `wrong-${i}-password`), `10.1.0.${i}`));
    return last;
  }

  it('locks after 5 failures in a row, refuses even the right password, and releases after 1 minute', async () => {
    expect(await failFiveTimes('admin')).toBe('40103');
    const locked = await signIn(t, basic('admin', 'admin-password'));
    expect(codeOf(locked)).toBe('40103');
    expect(locked.statusMessage).toContain('[40103]');
    t.clock.advance(59_000);
    expect(codeOf(await signIn(t, basic('admin', 'admin-password')))).toBe('40103');
    t.clock.advance(2_000);
    expect((await signIn(t, basic('admin', 'admin-password'))).statusCode).toBe(200);
  });

  it('grows the lock 1, 2, 4 minutes while failures continue, and a success resets it', async () => {
    for (const minutes of [1, 2, 4]) {
      expect(await failFiveTimes('admin')).toBe('40103');
      t.clock.advance(minutes * 60_000 - 1_000);
      expect(codeOf(await signIn(t, basic('admin', 'admin-password')))).toBe('40103');
      t.clock.advance(2_000);
    }
    expect((await signIn(t, basic('admin', 'admin-password'))).statusCode).toBe(200);
    expect(await failFiveTimes('admin')).toBe('40103');
    t.clock.advance(61_000); // back to one minute after the success
    expect((await signIn(t, basic('admin', 'admin-password'))).statusCode).toBe(200);
  });

  it('never locks longer than 15 minutes', async () => {
    for (let round = 0; round < 6; round++) {
      await failFiveTimes('admin');
      t.clock.advance(15 * 60_000 + 1_000);
    }
    expect((await signIn(t, basic('admin', 'admin-password'))).statusCode).toBe(200);
  });

  it('locks unknown usernames alike, so the lock does not reveal who exists', async () => {
    expect(await failFiveTimes('ghost')).toBe('40103');
    expect(codeOf(await signIn(t, basic('ghost', 'any-password')))).toBe('40103');
  });
});

describe('throttle', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp({ throttleLimits: { perUser: { capacity: 3, perMinute: 3 }, perAddress: { capacity: 4, perMinute: 4 } } });
    await addUser(t.database, 'erin', 'erin-password');
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After beyond the per-user burst, and lets attempts through again later', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(t, basic('erin', 'erin-password'), `10.2.0.${i}`)).statusCode).toBe(200);
    const throttled = await signIn(t, basic('erin', 'erin-password'), '10.2.0.9');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    t.clock.advance(20_000);
    expect((await signIn(t, basic('erin', 'erin-password'), '10.2.0.9')).statusCode).toBe(200);
  });

  it('throttles one address across usernames', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signIn(t, basic(`user${i}`, 'some-password'), '10.3.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
  });
});
