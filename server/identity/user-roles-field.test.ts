import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS } from '../lib/request-context';
import { ensureAdministratorRole } from './administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { encodeScopeValue } from './scope-headers';
import { createRole, setPermission, setUserRoles } from './user-admin';

// Issue 14: the roles of a user are read and saved on the user's own record (field Roles), under the same rule as the
// permission matrix (docs/permissions.md "Delegated administration"). Every caller adds and removes a role in every
// scope; a denied save changes nothing at all, an allowed one ends the user's tokens.
const A = 11;
const B = 22;

type Caller = 'administrator' | 'delegate' | 'plain';
type Scope = 'global' | 'tenant A' | 'tenant B';
const CALLERS: Caller[] = ['administrator', 'delegate', 'plain'];
const SCOPES: Scope[] = ['global', 'tenant A', 'tenant B'];
const COLUMN: Record<Scope, number | null> = { global: null, 'tenant A': A, 'tenant B': B };

interface Entry {
  TenantOid: number | null;
  RoleOid: number;
}

describe('roles on the user record', () => {
  let t: IdentityTestApp;
  let administratorsRole: number;
  let clerkRole: number;
  let strongRole: number;
  const tokens: Record<Caller, string> = { administrator: '', delegate: '', plain: '' };
  const oids: Record<Caller, number> = { administrator: 0, delegate: 0, plain: 0 };
  let serial = 0;

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-mate-tenant': encodeScopeValue(A), ...headers } });
  const userUrl = (oid: number) => `/api/data/identity/user/${oid}`;
  /** The record as stored, read through the database so no caller's view narrows it. */
  const stored = async (oid: number) =>
    (await t.database.db.query<{ FirstName: string | null; row_version: string }>('select "FirstName", row_version from e_identity_user where "Oid" = $1', [oid])).rows[0]!;
  const heldRoles = async (oid: number) =>
    (await t.database.db.query<{ role_oid: string; tenant_oid: string | null }>('select role_oid, tenant_oid from mate_user_role where user_oid = $1 order by 1, 2', [oid])).rows.map(
      (row) => `${row.role_oid}@${row.tenant_oid ?? 'all'}`,
    );
  const patch = async (caller: Caller, oid: number, changes: object): Promise<LightMyRequestResponse> => {
    const current = await call('administrator', 'GET', userUrl(oid));
    expect(current.statusCode, current.body).toBe(200);
    return call(caller, 'PATCH', userUrl(oid), JSON.stringify(changes), { 'if-match': current.json<{ ETag: string }>().ETag, 'content-type': 'application/merge-patch+json' });
  };

  /** A fresh user: of tenant A, or of A and B when a role in B is at stake (a role applies only in the user's tenants). */
  async function target(scope: Scope, roles: Entry[] = []) {
    const username = `target${++serial}`;
    const oid = await addUser(t.database, username, 'target-password', scope === 'tenant B' ? [A, B] : [A]);
    await setUserRoles(t.database.db, oid, roles.map((r) => ({ roleOid: r.RoleOid, tenantOid: r.TenantOid })));
    return { oid, token: await signInToken(t.app, username, 'target-password') };
  }
  const tokenWorks = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } })).statusCode === 200;

  beforeAll(async () => {
    t = await createIdentityTestApp();
    const db = t.database.db;
    await db.query(
      `insert into e_tenancy_tenant ("Oid", "Id", "Name", "CountryCode") overriding system value values ($1, 'A-01', 'Alpha', 'DE'), ($2, 'B-01', 'Beta', 'AT')`,
      [A, B],
    );
    administratorsRole = await ensureAdministratorRole(db);
    clerkRole = await createRole(db, 'Clerk');
    await setPermission(db, { subject: { roleOid: clerkRole }, path: '/data/pos-supply', tenantOid: null, action: 'Read', allowed: true });
    // A role stronger than the delegate: a right the delegate does not hold.
    strongRole = await createRole(db, 'Outbox readers');
    await setPermission(db, { subject: { roleOid: strongRole }, path: '/admin/outbox', tenantOid: null, action: 'Read', allowed: true });
    // The delegate: every right on the data and on permissions, held in tenant A only.
    const tenantAdmins = await createRole(db, 'Tenant administrators');
    // The plain user: may edit user records in tenant A, but administers no permissions.
    const editors = await createRole(db, 'Editors');
    for (const action of PERMISSION_ACTIONS) {
      for (const path of ['/data', '/admin/permissions']) await setPermission(db, { subject: { roleOid: tenantAdmins }, path, tenantOid: null, action, allowed: true });
      await setPermission(db, { subject: { roleOid: editors }, path: '/data', tenantOid: null, action, allowed: true });
    }
    oids.administrator = await addUser(t.database, 'admin', 'admin-password', [A, B]);
    await setUserRoles(db, oids.administrator, [{ roleOid: administratorsRole, tenantOid: null }]);
    oids.delegate = await addUser(t.database, 'delegate', 'delegate-password', [A]);
    await setUserRoles(db, oids.delegate, [{ roleOid: tenantAdmins, tenantOid: A }]);
    oids.plain = await addUser(t.database, 'plain', 'plain-password', [A]);
    await setUserRoles(db, oids.plain, [{ roleOid: editors, tenantOid: A }]);
    for (const caller of CALLERS) tokens[caller] = await signInToken(t.app, caller === 'administrator' ? 'admin' : caller, `${caller === 'administrator' ? 'admin' : caller}-password`);
  }, 120_000);
  afterAll(() => t.close());

  /** The rule: the global administrator anywhere, the delegate of tenant A in tenant A only, a plain user nowhere. */
  const expected = (caller: Caller, scope: Scope) => caller === 'administrator' || (caller === 'delegate' && scope === 'tenant A');

  describe.each(CALLERS.flatMap((caller) => SCOPES.map((scope) => [caller, scope] as const)))('%s in scope %s', (caller, scope) => {
    const allowed = expected(caller, scope);
    const column = COLUMN[scope];

    it.each(['add', 'remove'] as const)(`${allowed ? 'may' : 'may not'} %s a role`, async (action) => {
      const before: Entry[] = action === 'remove' ? [{ TenantOid: column, RoleOid: clerkRole }] : [];
      const after: Entry[] = action === 'add' ? [{ TenantOid: column, RoleOid: clerkRole }] : [];
      const user = await target(scope, before);
      const heldBefore = await heldRoles(user.oid);
      const recordBefore = await stored(user.oid);
      const response = await patch(caller, user.oid, { FirstName: 'Changed', Roles: after });
      if (allowed) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<{ Roles: Entry[] }>().Roles).toEqual(after);
        expect(await heldRoles(user.oid)).toEqual(after.map((e) => `${e.RoleOid}@${e.TenantOid ?? 'all'}`));
        expect((await stored(user.oid)).FirstName).toBe('Changed');
        // As with every role change: the user's tokens end, so a removed role does not outlive the save.
        expect(await tokenWorks(user.token)).toBe(false);
      } else {
        // 403 out of reach, naming why; 400 where the caller cannot even see the tenant it names (tenant B).
        expect([400, 403], response.body).toContain(response.statusCode);
        expect(response.body).toMatch(/outside your reach|is not a tenancy\/tenant record you can see/);
        expect(await heldRoles(user.oid)).toEqual(heldBefore);
        expect(await stored(user.oid)).toEqual(recordBefore);
        expect(await tokenWorks(user.token)).toBe(true);
      }
    });
  });

  it('reads the roles held in every tenant and in the reader’s tenants, and a save keeps the others', async () => {
    const user = await target('tenant B', [
      { TenantOid: null, RoleOid: clerkRole },
      { TenantOid: A, RoleOid: clerkRole },
      { TenantOid: B, RoleOid: clerkRole },
    ]);
    // The delegate belongs to A only: B's role is not its to see (a global administrator who belongs to A only
    // would not see it either).
    const seen = await call('delegate', 'GET', userUrl(user.oid));
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<{ Roles: Entry[] }>().Roles).toEqual([
      { TenantOid: null, RoleOid: clerkRole },
      { TenantOid: A, RoleOid: clerkRole },
    ]);
    const all = await call('administrator', 'GET', userUrl(user.oid));
    expect(all.json<{ Roles: Entry[] }>().Roles).toHaveLength(3);
    // A list row is the whole record too: the grid opens a row from it when the record did not change since.
    const list = await call('delegate', 'GET', `/api/data/identity/user?q=target${serial}&take=5`);
    expect(list.json<{ items: { Oid: number; Roles: Entry[] }[] }>().items.find((item) => item.Oid === user.oid)?.Roles).toEqual(seen.json<{ Roles: Entry[] }>().Roles);
    // The administrator removes the role in every tenant; A's and B's stay.
    const saved = await patch('administrator', user.oid, { Roles: [{ TenantOid: A, RoleOid: clerkRole }, { TenantOid: B, RoleOid: clerkRole }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await heldRoles(user.oid)).toEqual([`${clerkRole}@${A}`, `${clerkRole}@${B}`]);
  });

  it('a save that leaves Roles out, or sends null, keeps them; an empty list removes them', async () => {
    const user = await target('tenant A', [{ TenantOid: A, RoleOid: clerkRole }]);
    expect((await patch('administrator', user.oid, { FirstName: 'Kept' })).statusCode).toBe(200);
    const current = await call('administrator', 'GET', userUrl(user.oid));
    const record = current.json<Record<string, unknown>>();
    const put = await call('administrator', 'PUT', userUrl(user.oid), { ...record, Roles: null, FirstName: 'Put' }, { 'if-match': String(record.ETag) });
    expect(put.statusCode, put.body).toBe(200);
    expect(await heldRoles(user.oid)).toEqual([`${clerkRole}@${A}`]);
    expect((await patch('administrator', user.oid, { Roles: [] })).statusCode).toBe(200);
    expect(await heldRoles(user.oid)).toEqual([]);
  });

  it('a save of the same roles is no change (304), and a change of Roles alone gives the record a new ETag', async () => {
    const user = await target('tenant A', [{ TenantOid: A, RoleOid: clerkRole }]);
    const current = await call('administrator', 'GET', userUrl(user.oid));
    const unchanged = await patch('administrator', user.oid, { Roles: [{ TenantOid: A, RoleOid: clerkRole }] });
    expect(unchanged.statusCode).toBe(304);
    // Another order of the same roles is no change of roles: the user's sessions go on.
    const two = [{ TenantOid: null, RoleOid: clerkRole }, { TenantOid: A, RoleOid: clerkRole }];
    expect((await patch('administrator', user.oid, { Roles: two })).statusCode).toBe(200);
    const token = await signInToken(t.app, `target${serial}`, 'target-password');
    expect((await patch('administrator', user.oid, { Roles: [...two].reverse() })).statusCode).toBe(200);
    expect(await tokenWorks(token)).toBe(true);
    const changed = await patch('administrator', user.oid, { Roles: [] });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(current.headers.etag);
    // The permission matrix changes the roles too, and so the record's version: an editor opened before is stale.
    const before = await call('administrator', 'GET', userUrl(user.oid));
    await setUserRoles(t.database.db, user.oid, [{ roleOid: clerkRole, tenantOid: A }]);
    const stale = await call('administrator', 'PATCH', userUrl(user.oid), JSON.stringify({ Roles: [] }), { 'if-match': before.json<{ ETag: string }>().ETag, 'content-type': 'application/merge-patch+json' });
    expect(stale.statusCode).toBe(409);
    expect(await heldRoles(user.oid)).toEqual([`${clerkRole}@${A}`]);
  });

  it('a refusal names the role and the tenant, and changes nothing', async () => {
    const user = await target('tenant A');
    const system = await patch('delegate', user.oid, { Roles: [{ TenantOid: A, RoleOid: administratorsRole }] });
    expect(system.statusCode).toBe(403);
    expect(system.json<{ errors: { Roles: string[] } }>().errors.Roles[0]).toContain(`role 'Administrators' (${administratorsRole}) is a system role`);
    const strong = await patch('delegate', user.oid, { Roles: [{ TenantOid: A, RoleOid: strongRole }] });
    expect(strong.statusCode).toBe(403);
    expect(strong.json<{ message: string }>().message).toBe(
      `role 'Outbox readers' (${strongRole}) may Read on /admin/outbox in tenant 'Alpha' (${A}), which you may not; you cannot hand it out there.`,
    );
    const everywhere = await patch('delegate', user.oid, { Roles: [{ TenantOid: null, RoleOid: clerkRole }] });
    expect(everywhere.statusCode).toBe(403);
    expect(everywhere.json<{ message: string }>().message).toContain('outside your reach');
    expect(await heldRoles(user.oid)).toEqual([]);
  });

  it('a role in a tenant the user does not belong to is refused, naming both', async () => {
    const user = await target('tenant A');
    const response = await patch('administrator', user.oid, { Roles: [{ TenantOid: B, RoleOid: clerkRole }] });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      `The user does not belong to tenant 'Beta' (${B}), so role 'Clerk' (${clerkRole}) cannot be given there: add the user to the tenant first.`,
    );
    expect(await heldRoles(user.oid)).toEqual([]);
  });

  it('the last administrator keeps the Administrators role', async () => {
    const response = await patch('administrator', oids.administrator, { Roles: [] });
    expect(response.statusCode).toBe(409);
    expect(await heldRoles(oids.administrator)).toEqual([`${administratorsRole}@all`]);
  });

  it('a user created with roles gets them in the same write; the delegate’s new user joins its tenant first', async () => {
    const byDelegate = await call('delegate', 'POST', '/api/data/identity/user', { UserName: 'new.by.delegate', EmailAddress: 'nd@example.test', Roles: [{ TenantOid: A, RoleOid: clerkRole }] });
    expect(byDelegate.statusCode, byDelegate.body).toBe(201);
    expect(byDelegate.json<{ Roles: Entry[] }>().Roles).toEqual([{ TenantOid: A, RoleOid: clerkRole }]);
    const refused = await call('delegate', 'POST', '/api/data/identity/user', { UserName: 'new.refused', EmailAddress: 'nr@example.test', Roles: [{ TenantOid: A, RoleOid: strongRole }] });
    expect(refused.statusCode).toBe(403);
    const count = await t.database.db.query(`select 1 from e_identity_user where "UserName" = 'new.refused'`);
    expect(count.rowCount).toBe(0);
  });

  describe('hostile Roles are answered 4xx and change nothing', () => {
    const hostile: [string, () => unknown][] = [
      ['a text', () => 'Administrators'],
      ['an object', () => ({ RoleOid: 1 })],
      ['a list of numbers', () => [1, 2]],
      ['a role oid as text', () => [{ TenantOid: A, RoleOid: String(clerkRole) }]],
      ['a missing role', () => [{ TenantOid: A }]],
      ['an unknown key', () => [{ TenantOid: A, RoleOid: clerkRole, Admin: true }]],
      ['a fractional oid', () => [{ TenantOid: A, RoleOid: clerkRole + 0.5 }]],
      ['a negative tenant', () => [{ TenantOid: -1, RoleOid: clerkRole }]],
      ['an unknown role', () => [{ TenantOid: A, RoleOid: 987654 }]],
      ['an unknown tenant', () => [{ TenantOid: 987654, RoleOid: clerkRole }]],
      ['a huge oid', () => [{ TenantOid: A, RoleOid: 2 ** 63 }]],
      ['a duplicate', () => [{ TenantOid: A, RoleOid: clerkRole }, { TenantOid: A, RoleOid: clerkRole }]],
      ['10,000 entries', () => Array.from({ length: 10_000 }, (_, i) => ({ TenantOid: A, RoleOid: clerkRole + (i % 2) }))],
      ['10,000 distinct unknown roles', () => Array.from({ length: 10_000 }, (_, i) => ({ TenantOid: A, RoleOid: 100_000 + i }))],
    ];

    it.each(hostile)('%s', async (_name, roles) => {
      const user = await target('tenant A', [{ TenantOid: A, RoleOid: clerkRole }]);
      const recordBefore = await stored(user.oid);
      const response = await patch('administrator', user.oid, { FirstName: 'Hostile', Roles: roles() });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      const body = response.json<{ message: string; errors?: Record<string, string[]> }>();
      expect(body.message).toMatch(/Roles/);
      expect(await heldRoles(user.oid)).toEqual([`${clerkRole}@${A}`]);
      expect(await stored(user.oid)).toEqual(recordBefore);
    });
  });
});
