import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileRequestsFor, type RouteTarget } from '../test-support/hostile-requests';
import { ensureAdministratorRole } from './administrator-role';
import { addUser, basic, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { IDENTITY_TABLES } from './identity-tables';
import { totpCode } from './totp';
import { createRole, setPermission, setUserRoles } from './user-admin';

const TOKEN_URL = '/api/v1-pub/auth/user/token.json';

describe('second factor, sessions and the security log', () => {
  let t: IdentityTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createIdentityTestApp();
    await addUser(t.database, 'admin', 'admin-password', [1]);
    await ensureAdministratorRole(t.database.db);
    admin = await signInToken(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | undefined, payload?: object) =>
    t.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const signIn = (username: string, password: string, code?: string, address = '10.1.1.1', userAgent = 'test-agent') =>
    t.app.inject({
      method: 'GET',
      url: TOKEN_URL,
      remoteAddress: address,
      headers: { authorization: basic(username, password), 'user-agent': userAgent, ...(code === undefined ? {} : { 'x-mate-second-factor': code }) },
    });
  const profile = (token: string) => call('GET', '/api/user/profile', token);
  const codeOf = (response: { json(): unknown }) => (response.json() as { error_code?: string }).error_code;
  /** Enrols the user's app through the account page; answers its secret and recovery codes. */
  async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const started = await call('POST', '/api/auth/second-factor/enrolment', token);
    expect(started.statusCode, started.body).toBe(200);
    const { secret, otpauthUri, qrSvg } = started.json<{ secret: string; otpauthUri: string; qrSvg: string }>();
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);
    const confirmed = await call('POST', '/api/auth/second-factor/confirm', token, { code: totpCode(secret, t.clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
  }
  const logOf = async (username: string) =>
    (await call('GET', `/api/admin/security-log?take=500`, admin)).json<{ items: { kind: string; username: string | null; detail: Record<string, unknown> }[] }>().items.filter((item) => item.username === username);

  describe('TOTP enrolled on the account page', () => {
    it('asks for the code after the password, takes it once, and takes a recovery code once', async () => {
      await addUser(t.database, 'tess', 'tess-password', [1]);
      const token = await signInToken(t.app, 'tess', 'tess-password');
      expect((await call('GET', '/api/auth/second-factor', token)).json()).toEqual({ enrolled: false, required: false, recoveryCodesLeft: 0, passkeys: 0 });
      const started = await call('POST', '/api/auth/second-factor/enrolment', token);
      expect((await call('POST', '/api/auth/second-factor/confirm', token, { code: '000000' })).json()).toMatchObject({ errors: { code: ['is wrong'] } });
      const { secret } = started.json<{ secret: string }>();
      const confirmed = await call('POST', '/api/auth/second-factor/confirm', token, { code: totpCode(secret, t.clock.now()) });
      const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect((await call('GET', '/api/auth/second-factor', token)).json()).toEqual({ enrolled: true, required: false, recoveryCodesLeft: 10, passkeys: 0 });
      // Only hashes are kept.
      const stored = await t.database.db.query<{ code_hash: string }>('select code_hash from mate_recovery_code');
      expect(stored.rows.every((row) => row.code_hash.startsWith('$argon2id$'))).toBe(true);
      expect((await call('POST', '/api/auth/second-factor/enrolment', token)).statusCode).toBe(409);

      const asked = await signIn('tess', 'tess-password');
      expect(asked.statusCode).toBe(401);
      expect(asked.statusMessage).toBe('Unauthorized [40106]');
      expect(asked.json()).toMatchObject({ error_code: '40106', secondFactor: 'code' });
      expect(codeOf(await signIn('tess', 'wrong-password', totpCode(secret, t.clock.now())))).toBe('40102');
      t.clock.advance(31_000);
      const code = totpCode(secret, t.clock.now());
      expect(codeOf(await signIn('tess', 'tess-password', code === '123456' ? '654321' : '123456'))).toBe('40107');
      const signed = await signIn('tess', 'tess-password', code);
      expect(signed.statusCode, signed.body).toBe(200);
      expect((await profile(signed.json<{ access_token: string }>().access_token)).statusCode).toBe(200);
      // The same code again (seen over a shoulder) is refused.
      expect(codeOf(await signIn('tess', 'tess-password', code))).toBe('40107');
      // A recovery code, in capitals and without the dash, works once.
      const recovery = recoveryCodes[0]!.replace('-', '').toUpperCase();
      expect((await signIn('tess', 'tess-password', recovery)).statusCode).toBe(200);
      expect(codeOf(await signIn('tess', 'tess-password', recovery))).toBe('40107');
      expect((await call('GET', '/api/auth/second-factor', token)).json()).toMatchObject({ recoveryCodesLeft: 9 });

      const kinds = (await logOf('tess')).map((item) => item.kind);
      for (const kind of ['second-factor-enrolled', 'second-factor-wrong-code', 'second-factor-used', 'recovery-code-used', 'sign-in', 'sign-in-failed']) expect(kinds).toContain(kind);
    });

    it('backs off wrong codes like wrong passwords, even with the right password each time', async () => {
      await addUser(t.database, 'walt', 'walt-password', [1]);
      const { secret } = await enrol(await signInToken(t.app, 'walt', 'walt-password'));
      for (let i = 0; i < 3; i++) expect(codeOf(await signIn('walt', 'walt-password', '999999', '10.2.2.2'))).toBe('40107');
      const refused = await signIn('walt', 'walt-password', totpCode(secret, t.clock.now() + 30_000), '10.2.2.2');
      expect(codeOf(refused)).toBe('40103');
      expect(refused.headers['retry-after']).toBeDefined();
      t.clock.advance(61_000);
      expect((await signIn('walt', 'walt-password', totpCode(secret, t.clock.now()), '10.2.2.2')).statusCode).toBe(200);
    });

    it('removes the factor with a current code only', async () => {
      await addUser(t.database, 'rita', 'rita-password', [1]);
      const token = await signInToken(t.app, 'rita', 'rita-password');
      const { secret } = await enrol(token);
      t.clock.advance(31_000);
      expect((await call('DELETE', '/api/auth/second-factor', token, { code: '000000' })).statusCode).toBe(400);
      expect((await call('DELETE', '/api/auth/second-factor', token, {})).json()).toMatchObject({ status: 400 });
      expect((await call('DELETE', '/api/auth/second-factor', token, { code: totpCode(secret, t.clock.now()) })).statusCode).toBe(204);
      expect((await call('DELETE', '/api/auth/second-factor', token, { code: totpCode(secret, t.clock.now()) })).statusCode).toBe(404);
      expect((await signIn('rita', 'rita-password')).statusCode).toBe(200);
      expect((await logOf('rita')).map((item) => item.kind)).toContain('second-factor-removed');
    });
  });

  describe('a role that requires a second factor', () => {
    it('takes its holder to enrolment after the password, then signs in with the first code and answers the recovery codes', async () => {
      const roleOid = await createRole(t.database.db, 'Cashiers with 2FA');
      await t.database.db.query(`update ${IDENTITY_TABLES.role} set "RequiresSecondFactor" = true where "Oid" = $1`, [roleOid]);
      const oid = await addUser(t.database, 'cara', 'cara-password', [1]);
      await setUserRoles(t.database.db, oid, [{ roleOid, tenantOid: null }]);
      const asked = await signIn('cara', 'cara-password');
      expect(asked.json()).toMatchObject({ error_code: '40106', secondFactor: 'enrol' });
      const enrolUrl = '/api/v1-pub/auth/second-factor/enrolment';
      const post = (password: string) => t.app.inject({ method: 'POST', url: enrolUrl, remoteAddress: '10.3.3.3', headers: { authorization: basic('cara', password) } });
      expect(codeOf(await post('wrong-password'))).toBe('40102');
      const started = await post('cara-password');
      expect(started.statusCode, started.body).toBe(200);
      const { secret } = started.json<{ secret: string }>();
      expect(codeOf(await signIn('cara', 'cara-password', '000001'))).toBe('40107');
      const signed = await signIn('cara', 'cara-password', totpCode(secret, t.clock.now()));
      expect(signed.statusCode, signed.body).toBe(200);
      const answer = signed.json<{ access_token: string; expires_in: number; recoveryCodes: string[] }>();
      expect(answer.recoveryCodes).toHaveLength(10);
      // Byte for byte what the handler returns: the token, then the recovery codes.
      expect(signed.body).toBe(JSON.stringify({ access_token: answer.access_token, token_type: 'Bearer', expires_in: answer.expires_in, recoveryCodes: answer.recoveryCodes }));
      expect((await post('cara-password')).statusCode).toBe(409);
      // Someone whose roles require nothing has nothing to enrol at sign-in.
      expect((await t.app.inject({ method: 'POST', url: enrolUrl, headers: { authorization: basic('admin', 'admin-password') } })).statusCode).toBe(409);
    });
  });

  describe('sessions', () => {
    it('lists the active sessions and ends one: its token fails on its next call, the others go on', async () => {
      await addUser(t.database, 'sam', 'sam-password', [1]);
      const first = (await signIn('sam', 'sam-password', undefined, '10.4.4.1', 'Browser One')).json<{ access_token: string }>().access_token;
      const second = (await signIn('sam', 'sam-password', undefined, '10.4.4.2', 'Browser Two')).json<{ access_token: string }>().access_token;
      const listed = await call('GET', '/api/auth/sessions', first);
      const items = listed.json<{ items: { oid: number; userAgent: string; address: string; current: boolean }[] }>().items;
      expect(items.map((item) => [item.userAgent, item.address, item.current])).toEqual([
        ['Browser Two', '10.4.4.2', false],
        ['Browser One', '10.4.4.1', true],
      ]);
      const other = items[0]!.oid;
      // Someone else's session is not found, whoever asks.
      expect((await call('DELETE', `/api/auth/sessions/${other}`, admin)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/auth/sessions/${other}`, first)).statusCode).toBe(204);
      expect((await profile(second)).json()).toMatchObject({ status: 401, message: 'This session has been ended; sign in again.' });
      expect((await profile(first)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/auth/sessions/${other}`, first)).statusCode).toBe(404);
      expect((await call('GET', '/api/auth/sessions', first)).json<{ items: unknown[] }>().items).toHaveLength(1);
      expect((await logOf('sam')).map((item) => item.kind)).toContain('session-ended');
    });

    it('ends at logout, and the tokens of a changed password keep their session', async () => {
      // A name of its own per attempt, so that CI's retry of a failed attempt starts clean.
      const lou = `lou${Date.now().toString(36)}`;
      await addUser(t.database, lou, 'lou-password', [1]);
      const token = await signInToken(t.app, lou, 'lou-password');
      const changed = await call('POST', '/api/auth/change-password', token, { password: 'lou-password', newPassword: 'lou-password-2' });
      const renewed = changed.json<{ access_token: string }>().access_token;
      const sessions = (await call('GET', '/api/auth/sessions', renewed)).json<{ items: { current: boolean }[] }>().items;
      expect(sessions).toEqual([expect.objectContaining({ current: true })]);
      await call('POST', '/api/auth/logout', renewed);
      const after = await signInToken(t.app, lou, 'lou-password-2');
      expect((await call('GET', '/api/auth/sessions', after)).json<{ items: unknown[] }>().items).toHaveLength(1);
    });
  });

  describe('permission matrix', () => {
    // Update on users in tenant 1 only; the target users live in tenant 1 or tenant 2.
    let tenantAdmin: string;
    let plain: string;
    let logReaderInTenant: string;
    let logReaderGlobal: string;
    let inOne: number;
    let inTwo: number;

    beforeAll(async () => {
      const oid = await addUser(t.database, 'tenant-admin', 'tenant-admin-password', [1]);
      await setPermission(t.database.db, { subject: { userOid: oid }, path: '/data/identity/user', tenantOid: 1, action: 'Update', allowed: true });
      tenantAdmin = await signInToken(t.app, 'tenant-admin', 'tenant-admin-password');
      await addUser(t.database, 'plain', 'plain-password', [1]);
      plain = await signInToken(t.app, 'plain', 'plain-password');
      const readerTenant = await addUser(t.database, 'log-tenant', 'log-tenant-password', [1]);
      await setPermission(t.database.db, { subject: { userOid: readerTenant }, path: '/admin/security-log', tenantOid: 1, action: 'Read', allowed: true });
      logReaderInTenant = await signInToken(t.app, 'log-tenant', 'log-tenant-password');
      const readerGlobal = await addUser(t.database, 'log-global', 'log-global-password', [1]);
      await setPermission(t.database.db, { subject: { userOid: readerGlobal }, path: '/admin/security-log', tenantOid: null, action: 'Read', allowed: true });
      logReaderGlobal = await signInToken(t.app, 'log-global', 'log-global-password');
      inOne = await addUser(t.database, 'in-one', 'in-one-password', [1]);
      inTwo = await addUser(t.database, 'in-two', 'in-two-password', [2]);
    });

    it.each([
      ['the administrator', (): string | undefined => admin, 'in-one', 200],
      ['the administrator', (): string | undefined => admin, 'in-two', 200],
      ['Update on users in tenant 1', (): string | undefined => tenantAdmin, 'in-one', 200],
      ['Update on users in tenant 1', (): string | undefined => tenantAdmin, 'in-two', 403],
      ['no right', (): string | undefined => plain, 'in-one', 403],
      ['nobody signed in', (): string | undefined => undefined, 'in-one', 401],
    ] as const)('ending all sessions of a user: %s, user %s -> %i', async (_who, token, target, status) => {
      const oid = target === 'in-one' ? inOne : inTwo;
      const victim = await signInToken(t.app, target, `${target}-password`);
      const answer = await call('POST', `/api/admin/users/${oid}/sessions/end`, token());
      expect(answer.statusCode, answer.body).toBe(status);
      expect((await profile(victim)).statusCode).toBe(status === 200 ? 401 : 200);
      if (status === 200) expect(answer.json<{ ended: number }>().ended).toBeGreaterThanOrEqual(1);
    });

    it('answers 404 for an unknown user', async () => {
      expect((await call('POST', '/api/admin/users/987654/sessions/end', admin)).statusCode).toBe(404);
    });

    it.each([
      ['the administrator', (): string | undefined => admin, 200],
      ['Read on /admin/security-log in the Global column', (): string | undefined => logReaderGlobal, 200],
      ['Read on /admin/security-log in tenant 1 only', (): string | undefined => logReaderInTenant, 403],
      ['no right', (): string | undefined => plain, 403],
      ['nobody signed in', (): string | undefined => undefined, 401],
    ] as const)('reading the security log: %s -> %i', async (_who, token, status) => {
      expect((await call('GET', '/api/admin/security-log', token())).statusCode).toBe(status);
    });
  });

  describe('the security log', () => {
    it('filters by user, kind and time and pages, newest first', async () => {
      const oid = await addUser(t.database, 'fay', 'fay-password', [1]);
      const from = new Date(t.clock.now()).toISOString();
      await signIn('fay', 'not-her-password');
      t.clock.advance(1000);
      await signIn('fay', 'fay-password');
      const read = async (query: string) => (await call('GET', `/api/admin/security-log?${query}`, admin)).json<{ items: { kind: string; at: string; userOid: number }[]; total: number }>();
      const mine = await read(`userOid=${oid}`);
      expect(mine.items.map((item) => item.kind)).toEqual(['sign-in', 'sign-in-failed']);
      expect(mine.total).toBe(2);
      expect((await read(`userOid=${oid}&kind=sign-in-failed`)).items).toHaveLength(1);
      expect((await read('username=FAY')).total).toBe(2);
      expect((await read(`userOid=${oid}&from=${encodeURIComponent(new Date(t.clock.now()).toISOString())}`)).items.map((item) => item.kind)).toEqual(['sign-in']);
      expect((await read(`userOid=${oid}&to=${encodeURIComponent(from)}`)).items).toHaveLength(0);
      const page = await read(`userOid=${oid}&skip=1&take=1`);
      expect(page).toMatchObject({ total: 2, items: [{ kind: 'sign-in-failed' }] });
    });

    it('records permission changes, whoever writes them', async () => {
      const oid = await addUser(t.database, 'pia', 'pia-password', [1]);
      await setPermission(t.database.db, { subject: { userOid: oid }, path: '/data', tenantOid: null, action: 'Read', allowed: true });
      const read = await call('GET', `/api/admin/security-log?userOid=${oid}&kind=permission-changed`, admin);
      expect(read.json()).toMatchObject({ total: 1, items: [{ username: 'pia', detail: { table: 'mate_permission', operation: 'insert', new: { path: '/data', action: 'Read' } } }] });
    });

    it.each([
      ['kind=nonsense', 'kind'],
      ['from=yesterday', 'from'],
      ['take=0', 'take'],
      ['userOid=-1', 'userOid'],
      ['colour=red', 'colour'],
      ['username=a%00b', 'username'],
    ])('refuses %s with a 400 naming it', async (query, name) => {
      const answer = await call('GET', `/api/admin/security-log?${query}`, admin);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(name);
    });
  });

  describe('hostile input to the session routes', () => {
    // Here rather than in the suite of every route: these routes end sessions, and that suite's admin must keep its own.
    it('never answers 5xx', async () => {
      await addUser(t.database, 'target', 'target-password', [1]);
      const victim = await signInToken(t.app, 'target', 'target-password');
      const targets: RouteTarget[] = [
        { method: 'DELETE', path: '/api/auth/sessions/{id}', query: [] },
        { method: 'POST', path: '/api/admin/users/{id}/sessions/end', query: [] },
        { method: 'POST', path: '/api/auth/second-factor/confirm', query: [], fields: ['code'] },
        { method: 'DELETE', path: '/api/auth/second-factor', query: [], fields: ['code'] },
        { method: 'POST', path: '/api/v1-pub/auth/second-factor/enrolment', query: [] },
        { method: 'GET', path: '/api/admin/security-log', query: ['userOid', 'username', 'kind', 'from', 'to', 'skip', 'take'] },
      ];
      const world = { targets, callers: [undefined, `Bearer ${victim}`, `Bearer ${fuzzerToken}`], samples: {}, uniqueFields: {}, ids: {} };
      for (const target of targets) {
        await fc.assert(
          fc.asyncProperty(hostileRequestsFor(target, world, []), async (request) => {
            const answer = await t.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
            expect(answer.statusCode, `${request.method} ${request.url} -> ${answer.body.slice(0, 200)}`).toBeLessThan(500);
          }),
          { numRuns: 15 },
        );
      }
    }, 120_000);
  });

  let fuzzerToken = '';
  beforeAll(async () => {
    await addUser(t.database, 'fuzzer', 'fuzzer-password', [1]);
    fuzzerToken = await signInToken(t.app, 'fuzzer', 'fuzzer-password');
  });
});
