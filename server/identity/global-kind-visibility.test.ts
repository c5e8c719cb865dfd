import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayReceiveEvent } from '../data/event-visibility';
import { PERMISSION_ACTIONS } from '../lib/request-context';
import { ensureAdministratorRole } from './administrator-role';
import { createApiKey } from './api-keys';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { createRole, setPermission, setUserRoles } from './user-admin';

// Issue 20: global kinds follow their visibility rule (docs/metadata.md "visibility"). A store manager of one
// tenant (every data right in it, as the demo's Store managers) against a global administrator, on every route of
// every global kind of the built-in catalogue: list, read, update, delete of a row of its own and another tenant.
type Actor = 'manager' | 'administrator';
type Place = 'own' | 'other';

describe('global kinds are seen by the tenants their visibility rule names', () => {
  let t: IdentityTestApp;
  const tokens: Record<Actor, string> = { manager: '', administrator: '' };
  let managerOid = 0;
  const tenants: Record<Place, number> = { own: 0, other: 0 };
  const users: Record<Place, number> = { own: 0, other: 0 };
  const keys: Record<Place, number> = { own: 0, other: 0 };

  const call = (actor: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${tokens[actor]}`, ...headers } });
  const etagOf = async (url: string) => (await call('administrator', 'GET', url)).json<{ ETag: string }>().ETag;

  beforeAll(async () => {
    t = await createIdentityTestApp();
    const adminOid = await addUser(t.database, 'admin', 'admin-password', []);
    await ensureAdministratorRole(t.database.db);
    tokens.administrator = await signInToken(t.app, 'admin', 'admin-password');
    for (const place of ['own', 'other'] as Place[]) {
      const created = await call('administrator', 'POST', '/api/data/tenancy/tenant', { Id: `T-${place}`, Name: `Tenant ${place}`, IsVatRegistered: false });
      expect(created.statusCode, created.body).toBe(201);
      tenants[place] = created.json<{ Oid: number }>().Oid;
    }
    await t.database.db.query('insert into mate_user_tenant (user_oid, tenant_oid) values ($1, $2), ($1, $3)', [adminOid, tenants.own, tenants.other]);
    const managers = await createRole(t.database.db, 'Store managers');
    for (const action of PERMISSION_ACTIONS) await setPermission(t.database.db, { subject: { roleOid: managers }, path: '/data', tenantOid: null, action, allowed: true });
    managerOid = await addUser(t.database, 'manager', 'manager-password', [tenants.own]);
    await setUserRoles(t.database.db, managerOid, [{ roleOid: managers, tenantOid: tenants.own }]);
    tokens.manager = await signInToken(t.app, 'manager', 'manager-password');
    for (const place of ['own', 'other'] as Place[]) {
      users[place] = await addUser(t.database, `user.${place}`, 'user-password', [tenants[place]]);
      keys[place] = (await createApiKey(t.database.db, { name: `key of ${place}`, userOid: users[place] })).oid;
    }
  }, 120_000);
  afterAll(() => t.close());

  /** The row of each restricted global kind that belongs to a place, and a harmless change of it. */
  const rows = {
    'tenancy/tenant': { oid: (place: Place) => tenants[place], change: (by: Actor) => ({ Name: `Renamed by ${by}` }) },
    'identity/user': { oid: (place: Place) => users[place], change: (by: Actor) => ({ FirstName: `Renamed by ${by}` }) },
    'identity/api-access': { oid: (place: Place) => keys[place], change: (by: Actor) => ({ Description: `Renamed by ${by}` }) },
  } as const;
  const kinds = Object.keys(rows) as (keyof typeof rows)[];
  const cells = (['manager', 'administrator'] as Actor[]).flatMap((actor) => kinds.flatMap((kind) => (['own', 'other'] as Place[]).map((place) => [actor, kind, place] as const)));
  // The manager sees its own tenant's rows only; the administrator, a global reader, every row.
  const sees = (actor: Actor, place: Place) => actor === 'administrator' || place === 'own';

  it.each(cells)('%s lists %s: the row of the %s tenant is %s', async (actor, kind, place) => {
    const list = await call(actor, 'GET', `/api/data/${kind}?take=500`);
    expect(list.statusCode, list.body).toBe(200);
    const oids = list.json<{ items: { Oid: number }[] }>().items.map((item) => item.Oid);
    expect(oids.includes(rows[kind].oid(place))).toBe(sees(actor, place));
  });

  it.each(cells)('%s reads %s of the %s tenant by its id', async (actor, kind, place) => {
    expect((await call(actor, 'GET', `/api/data/${kind}/${rows[kind].oid(place)}`)).statusCode).toBe(sees(actor, place) ? 200 : 404);
  });

  // Updates and deletes of identity kinds are the identity grids' (the manager holds /data rights): visibility comes first.
  it.each(cells)('%s updates %s of the %s tenant', async (actor, kind, place) => {
    const url = `/api/data/${kind}/${rows[kind].oid(place)}`;
    const response = await call(actor, 'PATCH', url, JSON.stringify(rows[kind].change(actor)), { 'if-match': await etagOf(url), 'content-type': 'application/merge-patch+json' });
    expect(response.statusCode, response.body).toBe(sees(actor, place) ? 200 : 404);
  });

  it('the manager sees no e-mail address of another tenant’s user, in lists or details', async () => {
    const all = JSON.stringify((await call('manager', 'GET', '/api/data/identity/user?take=500')).json());
    expect(all).not.toContain('user.other@example.test');
    expect(all).toContain('user.own@example.test');
    const details = await call('manager', 'GET', `/api/data/identity/user/${users.other}/details/api-access`);
    expect(details.statusCode).toBe(404);
  });

  it('the manager cannot create a tenant record (it would be outside its tenant); the administrator can', async () => {
    const refused = await call('manager', 'POST', '/api/data/tenancy/tenant', { Id: 'T-NEW', Name: 'New', IsVatRegistered: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('Oid');
    expect((await call('manager', 'POST', '/api/data/tenancy/tenant/import', { records: [{ Id: 'T-NEW', Name: 'New', IsVatRegistered: false }] })).statusCode).toBe(403);
    expect((await call('administrator', 'POST', '/api/data/tenancy/tenant', { Id: 'T-NEW', Name: 'New', IsVatRegistered: false })).statusCode).toBe(201);
  });

  it.each(['manager', 'administrator'] as Actor[])('%s deletes tenant records only within its visibility', async (actor) => {
    const url = (place: Place) => `/api/data/tenancy/tenant/${tenants[place]}`;
    // Each tenant still has its users, who refer to it: a delete that finds the record meets the referential rule
    // (409 naming the users, docs/data-api.md "Deleting referenced records"); one that cannot see it answers 404.
    const other = await call(actor, 'DELETE', url('other'), undefined, { 'if-match': await etagOf(url('other')) });
    expect(other.statusCode, other.body).toBe(actor === 'manager' ? 404 : 409);
    if (actor === 'manager') {
      const own = await call(actor, 'DELETE', url('own'), undefined, { 'if-match': await etagOf(url('own')) });
      expect(own.statusCode, own.body).toBe(409);
      expect(own.json<{ message: string }>().message).toMatch(/identity\/user|Users/);
    }
  });

  it('roles stay a shared list every tenant sees', async () => {
    const names = (await call('manager', 'GET', '/api/data/identity/role')).json<{ items: { Name: string }[] }>().items.map((role) => role.Name);
    expect(names).toEqual(expect.arrayContaining(['Administrators', 'Store managers']));
  });

  it('data events of a restricted global kind reach only the connections that may see the row (mayReceiveEvent)', async () => {
    const context = (tenantOid: number, global: boolean) => ({
      userOid: managerOid,
      username: 'manager',
      tenantOids: [tenantOid],
      tenantOid,
      locationOid: undefined,
      terminalOid: undefined,
      can: () => true,
      canGlobally: () => global,
    });
    const event = (type: 'DataServiceUpdate' | 'DataServiceDelete', oid: number) => ({ type, kind: 'identity/user', oid, etag: 'x', tenantOid: null });
    expect(await mayReceiveEvent(t.database.db, t.catalogue, context(tenants.own, false), event('DataServiceUpdate', users.own))).toBe(true);
    expect(await mayReceiveEvent(t.database.db, t.catalogue, context(tenants.own, false), event('DataServiceUpdate', users.other))).toBe(false);
    expect(await mayReceiveEvent(t.database.db, t.catalogue, context(tenants.own, false), event('DataServiceDelete', users.own))).toBe(false);
    expect(await mayReceiveEvent(t.database.db, t.catalogue, context(tenants.own, true), event('DataServiceUpdate', users.other))).toBe(true);
    expect(await mayReceiveEvent(t.database.db, t.catalogue, { ...context(tenants.own, false), can: () => false }, event('DataServiceUpdate', users.own))).toBe(false);
  });
});
