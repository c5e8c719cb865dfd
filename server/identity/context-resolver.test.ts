import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContextResolver } from './context-resolver';
import { addUser, basic, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { encodeScopeValue } from './scope-headers';
import { createRole, disableUser, setPermission, setUserRoles } from './user-admin';

const TENANT_A = 11;
const TENANT_B = 22;

describe('context resolver and revocation', () => {
  let t: IdentityTestApp;
  let aliceOid: number;
  let clerkOid: number;

  beforeAll(async () => {
    t = await createIdentityTestApp({
      configure: (app, { database, config, clock }) => {
        // A stand-in for the data service: it resolves the context and asks `can`.
        const resolve = createContextResolver(database.db, config, { now: clock.now });
        app.get<{ Querystring: { path?: string } }>('/probe', async (request) => {
          const context = await resolve(request);
          const path = request.query.path ?? '/data/pos-supply/article';
          return {
            userOid: context.userOid,
            tenantOid: context.tenantOid ?? null,
            locationOid: context.locationOid ?? null,
            terminalOid: context.terminalOid ?? null,
            read: context.can(path, 'Read'),
            readInB: context.can(path, 'Read', TENANT_B),
          };
        });
      },
    });
    aliceOid = await addUser(t.database, 'alice', 'alice-password', [TENANT_A]);
    await addUser(t.database, 'bruno', 'bruno-password', [TENANT_B]);
    clerkOid = await createRole(t.database.db, 'Clerk');
    await setPermission(t.database.db, { subject: { roleOid: clerkOid }, path: '/data', tenantOid: null, action: 'Read', allowed: true });
    await setUserRoles(t.database.db, aliceOid, [{ roleOid: clerkOid, tenantOid: TENANT_A }]);
  });
  afterAll(() => t.close());

  const probe = (token: string | undefined, headers: Record<string, string> = {}, url = '/probe') =>
    t.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  it('401 without a token, with a malformed header and with a forged token', async () => {
    expect((await probe(undefined)).statusCode).toBe(401);
    expect((await probe(undefined, { authorization: 'Token abc' })).statusCode).toBe(401);
    const token = await signInToken(t.app, 'alice', 'alice-password');
    const forged = `${token.slice(0, -4)}AAAA`;
    const response = await probe(forged);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: expect.stringContaining('invalid or has expired') });
  });

  it("resolves the user's primary tenant and applies the roles held there", async () => {
    const token = await signInToken(t.app, 'alice', 'alice-password');
    const response = await probe(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userOid: aliceOid, tenantOid: TENANT_A, locationOid: null, terminalOid: null, read: true, readInB: false });
  });

  it('decodes the location and terminal headers', async () => {
    const token = await signInToken(t.app, 'alice', 'alice-password');
    const response = await probe(token, { 'x-mate-tenant': encodeScopeValue(TENANT_A), 'x-mate-location': encodeScopeValue(5), 'x-mate-terminal': encodeScopeValue(7) });
    expect(response.json()).toMatchObject({ tenantOid: TENANT_A, locationOid: 5, terminalOid: 7 });
  });

  it('403 when a user of tenant A names tenant B in the header', async () => {
    const token = await signInToken(t.app, 'alice', 'alice-password');
    const response = await probe(token, { 'x-mate-tenant': encodeScopeValue(TENANT_B) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: `You do not belong to tenant ${TENANT_B} named by the x-mate-tenant header.` });
    const permissions = await probe(token, { 'x-mate-tenant': encodeScopeValue(TENANT_B) }, '/api/ui/permissions');
    expect(permissions.statusCode).toBe(403);
  });

  it('400 naming the header for a malformed scope value', async () => {
    const token = await signInToken(t.app, 'alice', 'alice-password');
    for (const value of ['abc', String(TENANT_A), '-1', encodeScopeValue(TENANT_A) + '1']) {
      const response = await probe(token, { 'x-mate-tenant': value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: { 'x-mate-tenant': ['is not a valid scope value'] } });
    }
    expect((await probe(token, { 'x-mate-location': 'zz' })).json()).toMatchObject({ errors: { 'x-mate-location': expect.any(Array) } });
  });

  it('a token expires after the configured lifetime', async () => {
    const token = await signInToken(t.app, 'alice', 'alice-password');
    t.clock.advance(t.config.tokenLifetimeSeconds * 1000 - 5_000);
    expect((await probe(token)).statusCode).toBe(200);
    t.clock.advance(10_000);
    expect((await probe(token)).statusCode).toBe(401);
  });

  it('logout revokes the token on the server', async () => {
    const token = await signInToken(t.app, 'alice', 'alice-password');
    const other = await signInToken(t.app, 'bruno', 'bruno-password');
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toBe('{"loggedOut":true}');
    const after = await probe(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ message: expect.stringContaining('revoked') });
    expect((await probe(other)).statusCode).toBe(200); // someone else's session goes on
  });

  it('a password change revokes old tokens and hands out a working new one', async () => {
    const token = await signInToken(t.app, 'alice', 'alice-password');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'alice-password', newPassword: 'alice-new-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await probe(token)).statusCode).toBe(401);
    expect((await probe((changed.json() as { access_token: string }).access_token)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1-pub/auth/user/token.json', headers: { authorization: basic('alice', 'alice-password') } })).statusCode,
    ).toBe(401);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${await signInToken(t.app, 'alice', 'alice-new-password')}` },
      payload: { password: 'alice-new-password', newPassword: 'alice-password' },
    });
    expect(back.statusCode).toBe(200);
  });

  it('change-password refuses a wrong current password and a short new one, naming the field', async () => {
    const token = await signInToken(t.app, 'alice', 'alice-password');
    const call = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { authorization: `Bearer ${token}` }, payload: payload as object });
    const wrong = await call({ password: 'not-it-at-all', newPassword: 'long-enough-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: { password: ['is wrong'] } });
    const short = await call({ password: 'alice-password', newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errors: { newPassword: [expect.stringContaining('at least 8')] } });
    expect((await call({ newPassword: 'long-enough-1' })).json()).toMatchObject({ errors: { password: ['is required'] } });
    expect((await call({ password: 'x', newPassword: 'long-enough-1', extra: 1 })).json()).toMatchObject({ errors: { extra: ['is not a known field'] } });
    expect((await probe(token)).statusCode).toBe(200); // failed changes revoke nothing
  });

  it('a role change revokes the token, and the new token carries the new rights', async () => {
    const token = await signInToken(t.app, 'alice', 'alice-password');
    await setUserRoles(t.database.db, aliceOid, []);
    expect((await probe(token)).statusCode).toBe(401);
    const fresh = await signInToken(t.app, 'alice', 'alice-password');
    expect((await probe(fresh)).json()).toMatchObject({ read: false });
    await setUserRoles(t.database.db, aliceOid, [{ roleOid: clerkOid, tenantOid: TENANT_A }]);
  });

  it('disabling a user revokes the token', async () => {
    const oid = await addUser(t.database, 'carl', 'carl-password', [TENANT_A]);
    const token = await signInToken(t.app, 'carl', 'carl-password');
    expect((await probe(token)).statusCode).toBe(200);
    await disableUser(t.database.db, oid);
    expect((await probe(token)).statusCode).toBe(401);
  });

  it('accepts access_token in the query only on hub paths', async () => {
    const token = await signInToken(t.app, 'alice', 'alice-password');
    expect((await probe(undefined, {}, `/probe?access_token=${token}`)).statusCode).toBe(401);
  });
});
