import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS } from '../lib/request-context';
import { ensureAdministratorRole } from './administrator-role';
import { createApiKey } from './api-keys';
import { addUser, basic, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { encodeScopeValue } from './scope-headers';
import { createRole, setPermission, setUserRoles } from './user-admin';

// Issue 20: administration delegated for one tenant stays inside that tenant (docs/permissions.md "Delegated
// administration"). Every admin action runs against a target of every scope, by a delegate who holds every
// administration right in tenant HOME only, and by a global administrator as the control.
const HOME = 11;
const OTHER = 22;
const THIRD = 33;

type Scope = 'global' | 'country' | 'tenant' | 'other tenant';
const SCOPES: Scope[] = ['global', 'country', 'tenant', 'other tenant'];
type Actor = 'delegate' | 'administrator';

interface Target {
  oid: number;
  username: string;
  tenants: number[];
}

describe('delegated administration is bounded by the delegate’s own reach', () => {
  let t: IdentityTestApp;
  let administratorsRole: number;
  let clerkRole: number;
  let viewerRole: number;
  const tokens: Record<Actor, string> = { delegate: '', administrator: '' };
  const oids: Record<Actor, number> = { delegate: 0, administrator: 0 };
  let serial = 0;

  const call = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${tokens[actor]}`, ...headers } });
  const patchRecord = async (actor: Actor, url: string, changes: object) => {
    const current = await call('administrator', 'GET', url);
    expect(current.statusCode, current.body).toBe(200);
    return call(actor, 'PATCH', url, JSON.stringify(changes), { 'if-match': current.json<{ ETag: string }>().ETag, 'content-type': 'application/merge-patch+json' });
  };
  const deleteRecord = async (actor: Actor, url: string) => {
    const current = await call('administrator', 'GET', url);
    return call(actor, 'DELETE', url, undefined, { 'if-match': current.json<{ ETag: string }>().ETag });
  };

  /** A fresh user of the scope: an administrator everywhere, a clerk of several tenants, of HOME, of OTHER. */
  async function target(scope: Scope): Promise<Target> {
    const username = `target${++serial}`;
    const tenants = { global: [HOME, OTHER, THIRD], country: [HOME, THIRD], tenant: [HOME], 'other tenant': [OTHER] }[scope];
    const oid = await addUser(t.database, username, 'target-password', tenants);
    const roles = scope === 'global' ? [{ roleOid: administratorsRole, tenantOid: null }] : tenants.map((tenantOid) => ({ roleOid: clerkRole, tenantOid }));
    await setUserRoles(t.database.db, oid, roles);
    return { oid, username, tenants };
  }

  /** A fresh role held by users of the scope (global: held in every tenant). */
  async function heldRole(scope: Scope): Promise<number> {
    const role = await createRole(t.database.db, `Role ${++serial}`);
    const holder = await target(scope === 'global' ? 'tenant' : scope);
    const tenants = scope === 'global' ? [null] : holder.tenants;
    await setUserRoles(t.database.db, holder.oid, tenants.map((tenantOid) => ({ roleOid: role, tenantOid })));
    return role;
  }

  const signsIn = async (username: string, password: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1-pub/auth/user/token.json', headers: { authorization: basic(username, password) } })).statusCode === 200;
  const heldRoles = async (oid: number) =>
    (await t.database.db.query<{ role_oid: string; tenant_oid: string | null }>('select role_oid, tenant_oid from mate_user_role where user_oid = $1 order by 1, 2', [oid])).rows.map(
      (row) => `${row.role_oid}@${row.tenant_oid ?? 'all'}`,
    );
  const decisionCount = async (subject: 'user_oid' | 'role_oid', oid: number) =>
    Number((await t.database.db.query<{ n: string }>(`select count(*) as n from mate_permission where ${subject} = $1`, [oid])).rows[0]!.n);
  const keyUser = async (keyOid: number) => Number((await call('administrator', 'GET', `/api/data/identity/api-access/${keyOid}`)).json<{ UserOid: number }>().UserOid);

  beforeAll(async () => {
    t = await createIdentityTestApp();
    oids.administrator = await addUser(t.database, 'admin', 'admin-password', [HOME, OTHER, THIRD]);
    administratorsRole = await ensureAdministratorRole(t.database.db);
    clerkRole = await createRole(t.database.db, 'Clerk');
    viewerRole = await createRole(t.database.db, 'Viewer');
    for (const role of [clerkRole, viewerRole]) await setPermission(t.database.db, { subject: { roleOid: role }, path: '/data/pos-supply', tenantOid: null, action: 'Read', allowed: true });
    // Every administration right, but held in HOME only (a role held in one tenant; its decisions are Global).
    const tenantAdmins = await createRole(t.database.db, 'Tenant administrators');
    for (const path of ['/data', '/admin/permissions']) {
      for (const action of PERMISSION_ACTIONS) await setPermission(t.database.db, { subject: { roleOid: tenantAdmins }, path, tenantOid: null, action, allowed: true });
    }
    oids.delegate = await addUser(t.database, 'delegate', 'delegate-password', [HOME]);
    await setUserRoles(t.database.db, oids.delegate, [{ roleOid: tenantAdmins, tenantOid: HOME }]);
    tokens.administrator = await signInToken(t.app, 'admin', 'admin-password');
    tokens.delegate = await signInToken(t.app, 'delegate', 'delegate-password');
  }, 120_000);
  afterAll(() => t.close());

  /** The delegate succeeds only on its own tenant's target; the administrator everywhere. */
  const expected = (actor: Actor, scope: Scope) => actor === 'administrator' || scope === 'tenant';
  const expectOutcome = (response: LightMyRequestResponse, allowed: boolean) => {
    if (allowed) expect(response.statusCode, response.body).toBeLessThan(300);
    // 403 out of reach; 404 where the row is not even visible to the caller (another tenant's user or key); 400 for
    // a lookup naming a user the caller cannot see (re-pointing a key to another tenant's user).
    else expect([400, 403, 404], response.body).toContain(response.statusCode);
  };

  const cells = (['delegate', 'administrator'] as Actor[]).flatMap((actor) => SCOPES.map((scope) => [actor, scope] as const));

  describe.each(cells)('%s on a user of scope %s', (actor, scope) => {
    const allowed = expected(actor, scope);

    it(`${allowed ? 'sets' : 'cannot set'} the user's password`, async () => {
      const user = await target(scope);
      expectOutcome(await call(actor, 'POST', `/api/admin/users/${user.oid}/password`, { newPassword: 'taken-over-1' }), allowed);
      expect(await signsIn(user.username, 'taken-over-1')).toBe(allowed);
    });

    it(`${allowed ? 'updates' : 'cannot update'} the user record`, async () => {
      const user = await target(scope);
      expectOutcome(await patchRecord(actor, `/api/data/identity/user/${user.oid}`, { FirstName: 'Changed' }), allowed);
    });

    it(`${allowed ? 'disables' : 'cannot disable'} the user`, async () => {
      const user = await target(scope);
      expectOutcome(await patchRecord(actor, `/api/data/identity/user/${user.oid}`, { Disabled: true }), allowed);
      expect(await signsIn(user.username, 'target-password')).toBe(!allowed);
    });

    it(`${allowed ? 'deletes' : 'cannot delete'} the user`, async () => {
      const user = await target(scope);
      expectOutcome(await deleteRecord(actor, `/api/data/identity/user/${user.oid}`), allowed);
    });

    it(`${allowed ? 'assigns' : 'cannot assign'} a role to the user in one of its tenants`, async () => {
      const user = await target(scope);
      const column = user.tenants.includes(HOME) ? HOME : user.tenants[0]!;
      const response = await call(actor, 'PUT', `/api/admin/users/${user.oid}/roles`, { tenants: [{ oid: column, roles: [{ oid: viewerRole, held: true }] }] });
      // The other tenant's column is not even offered to the delegate (400 naming it); either way nothing changes.
      if (!allowed && scope === 'other tenant') expect(response.statusCode).toBe(400);
      else expectOutcome(response, allowed);
      expect((await heldRoles(user.oid)).includes(`${viewerRole}@${column}`)).toBe(allowed);
    });

    it(`${allowed ? 'issues' : 'cannot issue'} an API key for the user`, async () => {
      const user = await target(scope);
      expectOutcome(await call(actor, 'POST', '/api/admin/api-keys', { name: 'key', userOid: user.oid, accessLevel: 'readWrite' }), allowed);
    });

    it(`${allowed ? 'edits' : 'cannot edit'} the user's API key`, async () => {
      const user = await target(scope);
      const key = await createApiKey(t.database.db, { name: 'theirs', userOid: user.oid });
      expectOutcome(await patchRecord(actor, `/api/data/identity/api-access/${key.oid}`, { AccessLevel: 'readWrite' }), allowed);
    });

    it(`${allowed ? 're-points' : 'cannot re-point'} its own API key to the user`, async () => {
      const user = await target(scope);
      const key = await createApiKey(t.database.db, { name: 'mine', userOid: oids[actor] });
      expectOutcome(await patchRecord(actor, `/api/data/identity/api-access/${key.oid}`, { UserOid: user.oid }), allowed);
      expect(await keyUser(key.oid)).toBe(allowed ? user.oid : oids[actor]);
    });

    it(`${allowed ? 'deletes' : 'cannot delete'} the user's API key`, async () => {
      const user = await target(scope);
      const key = await createApiKey(t.database.db, { name: 'theirs', userOid: user.oid });
      expectOutcome(await deleteRecord(actor, `/api/data/identity/api-access/${key.oid}`), allowed);
    });

    it.each([null, HOME, OTHER])(`changes the user's decision in column %s only within reach`, async (column) => {
      const user = await target(scope);
      const response = await call(actor, 'PUT', '/api/admin/permissions/matrix', { subject: `user:${user.oid}`, path: '/data/pos-supply', tenantOid: column, action: 'Read', value: false });
      expectOutcome(response, allowed && (actor === 'administrator' || column === HOME));
      expect(await decisionCount('user_oid', user.oid)).toBe(response.statusCode === 200 ? 1 : 0);
    });
  });

  describe.each(cells)('%s on a role held in scope %s', (actor, scope) => {
    const allowed = expected(actor, scope);

    it(`${allowed ? 'updates' : 'cannot update'} the role record`, async () => {
      const role = await heldRole(scope);
      expectOutcome(await patchRecord(actor, `/api/data/identity/role/${role}`, { Description: 'changed' }), allowed);
    });

    it(`${allowed ? 'deletes' : 'cannot delete'} the role`, async () => {
      const role = await heldRole(scope);
      expectOutcome(await deleteRecord(actor, `/api/data/identity/role/${role}`), allowed);
    });

    it.each([null, HOME, OTHER])(`changes the role's decision in column %s only within reach`, async (column) => {
      const role = await heldRole(scope);
      // A role's tenant column only acts in that tenant, whoever holds the role: the column decides.
      const inReach = actor === 'administrator' || column === HOME;
      const response = await call(actor, 'PUT', '/api/admin/permissions/matrix', { subject: `role:${role}`, path: '/data/pos-supply', tenantOid: column, action: 'Read', value: true });
      expectOutcome(response, inReach);
      expect(await decisionCount('role_oid', role)).toBe(inReach ? 1 : 0);
    });
  });

  describe.each(['delegate', 'administrator'] as Actor[])('%s creating', (actor) => {
    it('creates a role', async () => {
      expect((await call(actor, 'POST', '/api/data/identity/role', { Name: `New role of ${actor}` })).statusCode).toBe(201);
    });

    it('creates a user who lands inside its reach (the delegate’s tenant)', async () => {
      const created = await call(actor, 'POST', '/api/data/identity/user', { UserName: `new.${actor}`, EmailAddress: `new.${actor}@example.test`, LoginProvider: 'internal' });
      expect(created.statusCode, created.body).toBe(201);
      const oid = created.json<{ Oid: number }>().Oid;
      expect((await call(actor, 'POST', `/api/admin/users/${oid}/password`, { newPassword: 'fresh-pass-1' })).statusCode).toBe(200);
    });

    it('cannot create a user in a tenant it does not belong to', async () => {
      const response = await call(actor, 'POST', '/api/data/identity/user', { UserName: `stranger.${actor}` }, { 'x-mate-tenant': encodeScopeValue(99) });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('the system role and the last administrator', () => {
    it('the delegate cannot give itself Administrators, neither in its tenant nor everywhere', async () => {
      for (const oid of [HOME, null]) {
        const response = await call('delegate', 'PUT', `/api/admin/users/${oids.delegate}/roles`, { tenants: [{ oid, roles: [{ oid: administratorsRole, held: true }] }] });
        expect(response.statusCode, response.body).toBe(403);
      }
      expect(await heldRoles(oids.delegate)).not.toContain(`${administratorsRole}@${HOME}`);
    });

    it('the delegate cannot hand out a role granting more than it holds', async () => {
      const strong = await createRole(t.database.db, 'Strong');
      await setPermission(t.database.db, { subject: { roleOid: strong }, path: '/admin/outbox', tenantOid: null, action: 'Read', allowed: true });
      const user = await target('tenant');
      const response = await call('delegate', 'PUT', `/api/admin/users/${user.oid}/roles`, { tenants: [{ oid: HOME, roles: [{ oid: strong, held: true }] }] });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toContain('/admin/outbox');
    });

    it('the delegate cannot allow itself a right it does not hold', async () => {
      const response = await call('delegate', 'PUT', '/api/admin/permissions/matrix', { subject: `user:${oids.delegate}`, path: '/admin/outbox', tenantOid: HOME, action: 'Read', value: true });
      expect(response.statusCode).toBe(403);
    });

    it('nobody deletes, renames or disables Administrators, nor changes its decisions', async () => {
      for (const actor of ['delegate', 'administrator'] as Actor[]) {
        const status = actor === 'delegate' ? 403 : 409;
        expect((await deleteRecord(actor, `/api/data/identity/role/${administratorsRole}`)).statusCode).toBe(status);
        // A system role's Name is read-only by its document already (400); the guard refuses it too.
        expect([400, status]).toContain((await patchRecord(actor, `/api/data/identity/role/${administratorsRole}`, { Name: 'Nobody' })).statusCode);
        expect((await patchRecord(actor, `/api/data/identity/role/${administratorsRole}`, { Disabled: true })).statusCode).toBe(status);
        const decision = await call(actor, 'PUT', '/api/admin/permissions/matrix', { subject: `role:${administratorsRole}`, path: '/', tenantOid: null, action: 'Read', value: false });
        expect(decision.statusCode).toBe(409);
      }
      expect((await call('administrator', 'GET', '/api/admin/outbox')).statusCode).toBe(200);
    });

    it('the last administrator can neither be disabled, deleted nor lose the role', async () => {
      // The global targets made above are administrators too: take them away first, so admin is the last one.
      await t.database.db.query('delete from mate_user_role where role_oid = $1 and user_oid <> $2', [administratorsRole, oids.administrator]);
      expect((await call('administrator', 'PUT', `/api/admin/users/${oids.administrator}/roles`, { tenants: [{ oid: null, roles: [{ oid: administratorsRole, held: false }] }] })).statusCode).toBe(409);
      expect((await patchRecord('administrator', `/api/data/identity/user/${oids.administrator}`, { Disabled: true })).statusCode).toBe(409);
      expect((await deleteRecord('administrator', `/api/data/identity/user/${oids.administrator}`)).statusCode).toBe(409);
      expect((await call('administrator', 'GET', '/api/admin/outbox')).statusCode).toBe(200);
    });
  });
});
