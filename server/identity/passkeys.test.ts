import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileRequestsFor, type RouteTarget } from '../test-support/hostile-requests';
import { passkeyHeader, SoftwareAuthenticator } from '../test-support/software-authenticator';
import { ensureAdministratorRole } from './administrator-role';
import { addUser, basic, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { IDENTITY_TABLES } from './identity-tables';
import { relyingPartyOf } from './passkey-relying-party';
import { totpCode } from './totp';
import { createRole, setUserRoles } from './user-admin';

const TOKEN_URL = '/api/v1-pub/auth/user/token.json';
/** What the browser shows for an injected request (Host: localhost:80). */
const SITE = { rpID: 'localhost', origin: 'http://localhost' };

describe('passkeys', () => {
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
  const signIn = (username: string, password: string, extra: { code?: string; passkey?: object | string } = {}) =>
    t.app.inject({
      method: 'GET',
      url: TOKEN_URL,
      remoteAddress: '10.9.9.9',
      headers: {
        authorization: basic(username, password),
        ...(extra.code === undefined ? {} : { 'x-mate-second-factor': extra.code }),
        ...(extra.passkey === undefined ? {} : { 'x-mate-passkey': typeof extra.passkey === 'string' ? extra.passkey : passkeyHeader(extra.passkey) }),
      },
    });
  const codeOf = (response: { json(): unknown }) => (response.json() as { error_code?: string }).error_code;
  /** The sign-in's passkey challenge (Basic, after 40106). */
  async function challengeAtSignIn(username: string, password: string): Promise<string> {
    const answer = await t.app.inject({ method: 'POST', url: '/api/v1-pub/auth/passkey/options', remoteAddress: '10.9.9.9', headers: { authorization: basic(username, password) } });
    expect(answer.statusCode, answer.body).toBe(200);
    const options = answer.json<{ challenge: string; rpId: string; allowCredentials: { id: string }[] }>();
    expect(options.rpId).toBe('localhost');
    return options.challenge;
  }
  /** Registers a new software passkey on the account page. */
  async function enrolPasskey(token: string, name = 'Laptop'): Promise<{ authenticator: SoftwareAuthenticator; oid: number }> {
    const options = await call('POST', '/api/auth/passkeys/registration-options', token);
    expect(options.statusCode, options.body).toBe(200);
    const { challenge, rp } = options.json<{ challenge: string; rp: { id: string } }>();
    expect(rp.id).toBe('localhost');
    const authenticator = new SoftwareAuthenticator();
    const registered = await call('POST', '/api/auth/passkeys', token, { name, response: authenticator.register(challenge, SITE) });
    expect(registered.statusCode, registered.body).toBe(201);
    return { authenticator, oid: registered.json<{ oid: number }>().oid };
  }
  const logOf = async (username: string) =>
    (await call('GET', `/api/admin/security-log?take=500`, admin))
      .json<{ items: { kind: string; username: string | null; detail: Record<string, unknown> }[] }>()
      .items.filter((item) => item.username === username);

  it('registers a passkey, lists it, and signs in with password and passkey', async () => {
    await addUser(t.database, 'pia', 'pia-password', [1]);
    const token = await signInToken(t.app, 'pia', 'pia-password');
    expect((await call('GET', '/api/auth/passkeys', token)).json()).toEqual({ items: [] });
    const { authenticator, oid } = await enrolPasskey(token, 'Work laptop');
    const listed = (await call('GET', '/api/auth/passkeys', token)).json<{ items: { oid: number; name: string; lastUsedAt: string | null }[] }>().items;
    expect(listed).toEqual([expect.objectContaining({ oid, name: 'Work laptop', lastUsedAt: null })]);
    expect((await call('GET', '/api/auth/second-factor', token)).json()).toMatchObject({ enrolled: false, passkeys: 1 });

    const asked = await signIn('pia', 'pia-password');
    expect(asked.statusMessage).toBe('Unauthorized [40106]');
    expect(asked.json()).toMatchObject({ error_code: '40106', secondFactor: 'passkey', passkey: true });
    // The challenge is for the right password only.
    expect(codeOf(await t.app.inject({ method: 'POST', url: '/api/v1-pub/auth/passkey/options', headers: { authorization: basic('pia', 'wrong') } }))).toBe('40102');
    const challenge = await challengeAtSignIn('pia', 'pia-password');
    const signed = await signIn('pia', 'pia-password', { passkey: authenticator.assert(challenge, SITE) });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await call('GET', '/api/user/profile', signed.json<{ access_token: string }>().access_token)).statusCode).toBe(200);
    const used = (await call('GET', '/api/auth/passkeys', token)).json<{ items: { lastUsedAt: string | null }[] }>().items[0]!;
    expect(used.lastUsedAt).toBe(new Date(t.clock.now()).toISOString());

    const log = await logOf('pia');
    expect(log.map((item) => item.kind)).toEqual(expect.arrayContaining(['passkey-enrolled', 'passkey-used', 'sign-in']));
    expect(log.find((item) => item.kind === 'sign-in')?.detail).toMatchObject({ secondFactor: 'passkey' });
  });

  it('refuses an assertion of a challenge never issued, a replayed one, and a counter that goes back', async () => {
    await addUser(t.database, 'quinn', 'quinn-password', [1]);
    const { authenticator } = await enrolPasskey(await signInToken(t.app, 'quinn', 'quinn-password'));
    await challengeAtSignIn('quinn', 'quinn-password');
    const invented = await signIn('quinn', 'quinn-password', { passkey: authenticator.assert(randomBytes(32).toString('base64url'), SITE) });
    expect(invented.statusMessage).toBe('Unauthorized [40108]');
    expect(codeOf(invented)).toBe('40108');

    const challenge = await challengeAtSignIn('quinn', 'quinn-password');
    const assertion = authenticator.assert(challenge, SITE);
    expect((await signIn('quinn', 'quinn-password', { passkey: assertion })).statusCode).toBe(200);
    // The same bytes again (a recorded request): the challenge was single-use.
    expect(codeOf(await signIn('quinn', 'quinn-password', { passkey: assertion }))).toBe('40108');

    // A clone of the authenticator whose counter lags behind.
    const lagging = authenticator.counter - 1;
    const again = await challengeAtSignIn('quinn', 'quinn-password');
    expect(codeOf(await signIn('quinn', 'quinn-password', { passkey: authenticator.assert(again, SITE, { counter: lagging }) }))).toBe('40108');
    // An expired challenge is refused too.
    const late = await challengeAtSignIn('quinn', 'quinn-password');
    t.clock.advance(5 * 60_000 + 1000);
    expect(codeOf(await signIn('quinn', 'quinn-password', { passkey: authenticator.assert(late, SITE, { counter: 100 }) }))).toBe('40108');
    // Refused passkeys count like wrong codes: after the free failures the back-off holds even the right password.
    expect(codeOf(await signIn('quinn', 'quinn-password'))).toBe('40103');
    t.clock.advance(2000);
    // Garbage in the header is a refused passkey, never a 500.
    expect(codeOf(await signIn('quinn', 'quinn-password', { passkey: 'bm90LWpzb24' }))).toBe('40108');

    const reasons = (await logOf('quinn')).filter((item) => item.kind === 'passkey-failed').map((item) => item.detail.reason);
    expect(reasons).toEqual(expect.arrayContaining(['challenge', 'counter', 'malformed']));
  });

  it("refuses another user's passkey at sign-in, and a registration without its challenge", async () => {
    await addUser(t.database, 'rosa', 'rosa-password', [1]);
    await addUser(t.database, 'sami', 'sami-password', [1]);
    const rosas = await enrolPasskey(await signInToken(t.app, 'rosa', 'rosa-password'));
    const samiToken = await signInToken(t.app, 'sami', 'sami-password');
    await enrolPasskey(samiToken);
    const challenge = await challengeAtSignIn('sami', 'sami-password');
    expect(codeOf(await signIn('sami', 'sami-password', { passkey: rosas.authenticator.assert(challenge, SITE) }))).toBe('40108');
    expect((await logOf('sami')).find((item) => item.kind === 'passkey-failed')?.detail).toMatchObject({ reason: 'unknown-credential' });

    const stray = await call('POST', '/api/auth/passkeys', samiToken, { name: 'Stray', response: new SoftwareAuthenticator().register(randomBytes(32).toString('base64url'), SITE) });
    expect(stray.statusCode).toBe(400);
    // A challenge issued on another site (origin) does not verify.
    const options = (await call('POST', '/api/auth/passkeys/registration-options', samiToken)).json<{ challenge: string }>();
    const elsewhere = await call('POST', '/api/auth/passkeys', samiToken, { name: 'Phish', response: new SoftwareAuthenticator().register(options.challenge, { rpID: 'evil.example', origin: 'https://evil.example' }) });
    expect(elsewhere.statusCode).toBe(400);
    expect((await call('GET', '/api/auth/passkeys', samiToken)).json<{ items: unknown[] }>().items).toHaveLength(1);
  });

  it('removes a passkey (only one of the caller): sign-in then needs the password alone', async () => {
    await addUser(t.database, 'tom', 'tom-password', [1]);
    await addUser(t.database, 'uma', 'uma-password', [1]);
    const token = await signInToken(t.app, 'tom', 'tom-password');
    const { oid } = await enrolPasskey(token);
    const umaToken = await signInToken(t.app, 'uma', 'uma-password');
    expect((await call('DELETE', `/api/auth/passkeys/${oid}`, umaToken)).statusCode).toBe(404);
    expect((await signIn('tom', 'tom-password')).statusCode).toBe(401);
    expect((await call('DELETE', `/api/auth/passkeys/${oid}`, token)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/auth/passkeys/${oid}`, token)).statusCode).toBe(404);
    expect((await signIn('tom', 'tom-password')).statusCode).toBe(200);
    expect((await logOf('tom')).map((item) => item.kind)).toContain('passkey-removed');
    // Without a passkey there is no challenge to ask for.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1-pub/auth/passkey/options', headers: { authorization: basic('tom', 'tom-password') } })).statusCode).toBe(409);
  });

  it('offers the passkey beside the app code, and is the factor a role requires when it is the only one', async () => {
    await addUser(t.database, 'vera', 'vera-password', [1]);
    const token = await signInToken(t.app, 'vera', 'vera-password');
    const started = (await call('POST', '/api/auth/second-factor/enrolment', token)).json<{ secret: string }>();
    expect((await call('POST', '/api/auth/second-factor/confirm', token, { code: totpCode(started.secret, t.clock.now()) })).statusCode).toBe(200);
    const { authenticator } = await enrolPasskey(token);
    expect((await signIn('vera', 'vera-password')).json()).toMatchObject({ secondFactor: 'code', passkey: true });
    const challenge = await challengeAtSignIn('vera', 'vera-password');
    expect((await signIn('vera', 'vera-password', { passkey: authenticator.assert(challenge, SITE) })).statusCode).toBe(200);

    const roleOid = await createRole(t.database.db, 'Passkey people');
    await t.database.db.query(`update ${IDENTITY_TABLES.role} set "RequiresSecondFactor" = true where "Oid" = $1`, [roleOid]);
    const wen = await addUser(t.database, 'wen', 'wen-password', [1]);
    const wenToken = await signInToken(t.app, 'wen', 'wen-password');
    const wens = await enrolPasskey(wenToken);
    await setUserRoles(t.database.db, wen, [{ roleOid, tenantOid: null }]);
    expect((await signIn('wen', 'wen-password')).json()).toMatchObject({ secondFactor: 'passkey', passkey: true });
    // The passkey is the factor: no app enrolment at sign-in.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1-pub/auth/second-factor/enrolment', headers: { authorization: basic('wen', 'wen-password') } })).statusCode).toBe(409);
    const wenChallenge = await challengeAtSignIn('wen', 'wen-password');
    expect((await signIn('wen', 'wen-password', { passkey: wens.authenticator.assert(wenChallenge, SITE) })).statusCode).toBe(200);
  });

  it('takes the relying party from MATE_PUBLIC_URL, else from the request', () => {
    expect(relyingPartyOf('https://backoffice.example.com/mate', { protocol: 'http', host: 'internal:3000' })).toEqual({ rpID: 'backoffice.example.com', origin: 'https://backoffice.example.com' });
    expect(relyingPartyOf('', { protocol: 'https', host: 'shop.example:8443' })).toEqual({ rpID: 'shop.example', origin: 'https://shop.example:8443' });
  });

  describe('regenerating recovery codes', () => {
    it('needs a current code; the old codes stop working at once, the new ones work', async () => {
      await addUser(t.database, 'xena', 'xena-password', [1]);
      const token = await signInToken(t.app, 'xena', 'xena-password');
      expect((await call('POST', '/api/auth/second-factor/recovery-codes', token, { code: '123456' })).statusCode).toBe(404);
      const { secret } = (await call('POST', '/api/auth/second-factor/enrolment', token)).json<{ secret: string }>();
      const old = (await call('POST', '/api/auth/second-factor/confirm', token, { code: totpCode(secret, t.clock.now()) })).json<{ recoveryCodes: string[] }>().recoveryCodes;
      t.clock.advance(31_000);
      const wrong = await call('POST', '/api/auth/second-factor/recovery-codes', token, { code: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ errors: { code: ['is wrong'] } });
      const fresh = await call('POST', '/api/auth/second-factor/recovery-codes', token, { code: totpCode(secret, t.clock.now()) });
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(fresh.headers['cache-control']).toBe('no-store');
      const codes = fresh.json<{ recoveryCodes: string[] }>().recoveryCodes;
      expect(codes).toHaveLength(10);
      expect(codes.some((code) => old.includes(code))).toBe(false);
      expect(codeOf(await signIn('xena', 'xena-password', { code: old[1]! }))).toBe('40107');
      expect((await signIn('xena', 'xena-password', { code: codes[0]! })).statusCode).toBe(200);
      expect((await call('GET', '/api/auth/second-factor', token)).json()).toMatchObject({ recoveryCodesLeft: 9 });
      expect((await logOf('xena')).find((item) => item.kind === 'recovery-codes-regenerated')?.detail).toMatchObject({ confirmedBy: 'totp' });
    });
  });

  describe('hostile input', () => {
    it('never answers 5xx', async () => {
      await addUser(t.database, 'yuri', 'yuri-password', [1]);
      const token = await signInToken(t.app, 'yuri', 'yuri-password');
      const targets: RouteTarget[] = [
        { method: 'POST', path: '/api/auth/passkeys', query: [], fields: ['name', 'response'] },
        { method: 'POST', path: '/api/auth/passkeys/registration-options', query: [] },
        { method: 'DELETE', path: '/api/auth/passkeys/{id}', query: [] },
        { method: 'POST', path: '/api/v1-pub/auth/passkey/options', query: [] },
        { method: 'POST', path: '/api/auth/second-factor/recovery-codes', query: [], fields: ['code'] },
      ];
      const world = { targets, callers: [undefined, `Bearer ${token}`], samples: {}, uniqueFields: {}, ids: {} };
      for (const target of targets) {
        await fc.assert(
          fc.asyncProperty(hostileRequestsFor(target, world, []), async (request) => {
            const answer = await t.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
            expect(answer.statusCode, `${request.method} ${request.url} -> ${answer.body.slice(0, 200)}`).toBeLessThan(500);
          }),
          { numRuns: 15 },
        );
      }
      // A registration body that passes the schema but holds nonsense is a 400 saying why.
      const options = (await call('POST', '/api/auth/passkeys/registration-options', token)).json<{ challenge: string }>();
      const bogus = new SoftwareAuthenticator().register(options.challenge, SITE);
      const broken = await call('POST', '/api/auth/passkeys', token, { name: 'x', response: { ...bogus, response: { ...bogus.response, attestationObject: 'AAAA' } } });
      expect(broken.statusCode).toBe(400);
    }, 120_000);
  });
});
