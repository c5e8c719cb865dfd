import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { encodeScopeValue } from './scope-headers';
import { createRole, setPermission, setUserRoles } from './user-admin';

// Issue 5: a user of tenant A reads and writes nothing of tenant B through any endpoint, whatever headers it sends.
// Runs the real data service with identity's resolver (no development stand-in).
const TENANT_A = 11;
const TENANT_B = 22;
const KIND = '/api/data/pos-supply/quantity-unit';

describe('tenant isolation through the data service', () => {
  let t: IdentityTestApp;
  let aliceToken: string;
  let brunoToken: string;
  let recordOfB: { Oid: number; ETag: string };

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, options: { headers?: Record<string, string>; payload?: unknown } = {}) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...options.headers }, payload: options.payload as string | undefined });

  beforeAll(async () => {
    t = await createIdentityTestApp();
    const clerk = await createRole(t.database.db, 'Clerk');
    for (const action of ['Read', 'Create', 'Update', 'Patch', 'Delete'] as const) {
      await setPermission(t.database.db, { subject: { roleOid: clerk }, path: '/data', tenantOid: null, action, allowed: true });
    }
    const alice = await addUser(t.database, 'alice', 'alice-password', [TENANT_A]);
    const bruno = await addUser(t.database, 'bruno', 'bruno-password', [TENANT_B]);
    await setUserRoles(t.database.db, alice, [{ roleOid: clerk, tenantOid: TENANT_A }]);
    await setUserRoles(t.database.db, bruno, [{ roleOid: clerk, tenantOid: TENANT_B }]);
    aliceToken = await signInToken(t.app, 'alice', 'alice-password');
    brunoToken = await signInToken(t.app, 'bruno', 'bruno-password');
    const created = await call(brunoToken, 'POST', KIND, { payload: { Code: 'BOX', Name: 'Box of B' } });
    expect(created.statusCode).toBe(201);
    recordOfB = created.json();
    expect((await call(aliceToken, 'POST', KIND, { payload: { Code: 'PCS', Name: 'Piece of A' } })).statusCode).toBe(201);
  }, 120_000);
  afterAll(() => t.close());

  it("lists only the user's own tenant's rows", async () => {
    const list = await call(aliceToken, 'GET', KIND);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { items: { Name: string }[] }).items.map((r) => r.Name)).toEqual(['Piece of A']);
  });

  it('does not read, update, patch or delete a row of another tenant by its id', async () => {
    const url = `${KIND}/${recordOfB.Oid}`;
    expect((await call(aliceToken, 'GET', url)).statusCode).toBe(404);
    expect((await call(aliceToken, 'PUT', url, { headers: { 'if-match': recordOfB.ETag }, payload: { Code: 'BOX', Name: 'taken' } })).statusCode).toBe(404);
    expect((await call(aliceToken, 'PATCH', url, { headers: { 'if-match': recordOfB.ETag, 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify({ Name: 'taken' }) })).statusCode).toBe(404);
    expect((await call(aliceToken, 'DELETE', url, { headers: { 'if-match': recordOfB.ETag } })).statusCode).toBe(404);
    const stillThere = await call(brunoToken, 'GET', url);
    expect(stillThere.json()).toMatchObject({ Name: 'Box of B' });
  });

  it('refuses scope headers and tenantOid queries that name the other tenant', async () => {
    const header = { 'x-mate-tenant': encodeScopeValue(TENANT_B) };
    expect((await call(aliceToken, 'GET', KIND, { headers: header })).statusCode).toBe(403);
    expect((await call(aliceToken, 'POST', KIND, { headers: header, payload: { Code: 'X', Name: 'smuggled' } })).statusCode).toBe(403);
    expect((await call(aliceToken, 'GET', `${KIND}?tenantOid=${TENANT_B}`)).statusCode).toBe(403);
    expect((await call(aliceToken, 'GET', `${KIND}/${recordOfB.Oid}`, { headers: header })).statusCode).toBe(403);
  });

  it('cannot move a record into the other tenant through its body', async () => {
    const created = await call(aliceToken, 'POST', KIND, { payload: { Code: 'KG', Name: 'Kilogram', TenantOid: TENANT_B } });
    if (created.statusCode === 201) expect(created.json()).toMatchObject({ TenantOid: TENANT_A });
    else expect(created.statusCode).toBeGreaterThanOrEqual(400);
    const bList = await call(brunoToken, 'GET', KIND);
    expect((bList.json() as { items: { Name: string }[] }).items.map((r) => r.Name)).toEqual(['Box of B']);
  });

  it('keeps the scope tree to the own tenant', async () => {
    const scope = await call(aliceToken, 'GET', '/api/settings/scope');
    expect(scope.statusCode).toBe(200);
    const tenants = (scope.json() as { items: { type: string; oid: number }[] }).items.filter((i) => i.type === 'TENANT').map((i) => i.oid);
    expect(tenants).not.toContain(TENANT_B);
  });
});

describe('authentication before the body', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['no credentials', {}],
    ['a forged token', { authorization: 'Bearer x.y.z' }],
  ])('answers a data write with %s 401 without reading its body', async (_case, headers) => {
    // Not JSON at all: a parsed body would be a 400; the 401 shows the caller was refused first.
    const r = await t.app.inject({ method: 'POST', url: `${KIND}/import`, headers: { 'content-type': 'application/json', ...headers }, payload: '{"records":[' });
    expect(r.statusCode, r.body).toBe(401);
    expect((r.json() as { status: number }).status).toBe(401);
  });
});
