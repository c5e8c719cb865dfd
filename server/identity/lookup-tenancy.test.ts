import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { createRole, setPermission, setUserRoles } from './user-admin';

// Issue 20: a lookup value must name a record the caller may see: not one of another tenant, not one that does not
// exist. The server refuses it with 400 naming the field, on create, update and import.
const TENANT_A = 11;
const TENANT_B = 22;
const KIND = '/api/data/pos-supply/quantity-unit';

describe('lookups name records of the caller’s own tenant', () => {
  let t: IdentityTestApp;
  let alice: string;
  let ownUnit: { Oid: number; ETag: string };
  let unitOfB: number;

  const call = (token: string, method: 'POST' | 'PATCH', url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}`, ...headers } });
  const fieldErrors = (response: { json: () => unknown }) => Object.keys((response.json() as { errors?: object }).errors ?? {});

  beforeAll(async () => {
    t = await createIdentityTestApp();
    const clerk = await createRole(t.database.db, 'Clerk');
    for (const action of ['Read', 'Create', 'Update', 'Patch'] as const) {
      await setPermission(t.database.db, { subject: { roleOid: clerk }, path: '/data', tenantOid: null, action, allowed: true });
    }
    const aliceOid = await addUser(t.database, 'alice', 'alice-password', [TENANT_A]);
    const brunoOid = await addUser(t.database, 'bruno', 'bruno-password', [TENANT_B]);
    await setUserRoles(t.database.db, aliceOid, [{ roleOid: clerk, tenantOid: TENANT_A }]);
    await setUserRoles(t.database.db, brunoOid, [{ roleOid: clerk, tenantOid: TENANT_B }]);
    alice = await signInToken(t.app, 'alice', 'alice-password');
    const bruno = await signInToken(t.app, 'bruno', 'bruno-password');
    unitOfB = (await call(bruno, 'POST', KIND, { Code: 'KG', Name: 'Kilogram of B' })).json<{ Oid: number }>().Oid;
    ownUnit = (await call(alice, 'POST', KIND, { Code: 'KG', Name: 'Kilogram' })).json<{ Oid: number; ETag: string }>();
  }, 120_000);
  afterAll(() => t.close());

  it.each([
    ['a record of another tenant', () => unitOfB],
    ['a record that does not exist', () => 987654],
  ])('refuses %s on create, naming the field', async (_, oid) => {
    const response = await call(alice, 'POST', KIND, { Code: 'G', Name: 'Gram', BaseUnitOid: oid() });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual(['BaseUnitOid']);
  });

  it('refuses it on update and in an import, naming the field (and the row)', async () => {
    const patched = await call(alice, 'PATCH', `${KIND}/${ownUnit.Oid}`, JSON.stringify({ BaseUnitOid: unitOfB }), { 'if-match': ownUnit.ETag, 'content-type': 'application/merge-patch+json' });
    expect(patched.statusCode).toBe(400);
    expect(fieldErrors(patched)).toEqual(['BaseUnitOid']);
    const imported = await call(alice, 'POST', `${KIND}/import`, { records: [{ Code: 'T', Name: 'Tonne', BaseUnitOid: ownUnit.Oid }, { Code: 'MG', Name: 'Milligram', BaseUnitOid: unitOfB }] });
    expect(imported.statusCode).toBe(400);
    expect(fieldErrors(imported)).toEqual(['2.BaseUnitOid']);
  });

  it('accepts a record of the own tenant', async () => {
    const response = await call(alice, 'POST', KIND, { Code: 'G', Name: 'Gram', BaseUnitOid: ownUnit.Oid });
    expect(response.statusCode, response.body).toBe(201);
  });
});
