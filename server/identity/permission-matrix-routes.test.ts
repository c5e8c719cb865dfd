import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavigationItem } from '../../schemas/entity-document';
import { ensureAdministratorRole } from './administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { createRole, setPermission, setUserRoles } from './user-admin';

const NAVIGATION: NavigationItem[] = [
  { path: '/', title: { en: 'Dashboard' }, component: 'dashboard' },
  { path: '/data', title: { en: 'Master data', de: 'Stammdaten' }, children: [{ path: '/data/pos-supply/article', title: { en: 'Articles', de: 'Artikel' } }] },
  { path: '/admin', title: { en: 'Administration' }, children: [{ path: '/admin/permissions', title: { en: 'Permissions' }, component: 'permission-matrix' }] },
];

interface Row {
  p: string;
  pp: string | null;
  text: string;
  e: boolean | null;
  tenants: Record<string, boolean | null>;
}

describe('permission administration routes', () => {
  let t: IdentityTestApp;
  let adminToken: string;
  let clerkOid: number;
  let clerkRole: number;
  let viewerRole: number;
  let otherRole: number;

  beforeAll(async () => {
    t = await createIdentityTestApp({ navigation: NAVIGATION });
    const db = t.database.db;
    // Tenant names come from the tenant entity table.
    await db.query(
      `insert into e_tenancy_tenant ("Oid", "Id", "Name", "CountryCode") overriding system value
       values (1, 'CH-01', 'Zürich', 'CH'), (2, 'AT-01', 'Wien', 'AT'), (9, 'XX-09', 'Berlin', 'DE')`,
    );
    await addUser(t.database, 'admin', 'admin-password', [1, 2]);
    await ensureAdministratorRole(db);
    clerkOid = await addUser(t.database, 'clerk', 'clerk-password', [1, 9]);
    clerkRole = await createRole(db, 'Clerk');
    otherRole = await createRole(db, 'Auditor');
    // A reader of /admin/permissions who may not change anything.
    viewerRole = await createRole(db, 'Viewer');
    await setPermission(db, { subject: { roleOid: viewerRole }, path: '/admin/permissions', tenantOid: null, action: 'Read', allowed: true });
    const viewer = await addUser(t.database, 'viewer', 'viewer-password', [1]);
    await setUserRoles(db, viewer, [{ roleOid: viewerRole, tenantOid: null }]);
    adminToken = await signInToken(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, body?: unknown, token = adminToken, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: body as object | undefined, headers: { authorization: `Bearer ${token}`, ...headers } });

  it('needs a signed-in user with Read on /admin/permissions, and Update for changes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/permissions/subjects' })).statusCode).toBe(401);
    const clerk = await signInToken(t.app, 'clerk', 'clerk-password');
    expect((await call('GET', `/api/admin/permissions/matrix?subject=role:${clerkRole}`, undefined, clerk)).statusCode).toBe(403);
    const viewer = await signInToken(t.app, 'viewer', 'viewer-password');
    expect((await call('GET', `/api/admin/permissions/matrix?subject=role:${clerkRole}`, undefined, viewer)).statusCode).toBe(200);
    const put = await call('PUT', '/api/admin/permissions/matrix', { subject: `role:${clerkRole}`, path: '/data', tenantOid: null, action: 'Read', value: true }, viewer);
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toContain('Update on /admin/permissions');
  });

  it('lists roles and users for the subject picker', async () => {
    const answer = (await call('GET', '/api/admin/permissions/subjects')).json();
    expect(answer.roles.map((role: { name: string }) => role.name)).toEqual(['Administrators', 'Auditor', 'Clerk', 'Viewer']);
    expect(answer.users.map((user: { username: string }) => user.username)).toEqual(['admin', 'clerk', 'viewer']);
  });

  it("answers the tree in the caller's language, the subject's decisions and the caller's tenants as columns", async () => {
    await setPermission(t.database.db, { subject: { roleOid: clerkRole }, path: '/data', tenantOid: null, action: 'Read', allowed: true });
    await setPermission(t.database.db, { subject: { roleOid: clerkRole }, path: '/data', tenantOid: 2, action: 'Read', allowed: false });
    await setPermission(t.database.db, { subject: { roleOid: clerkRole }, path: '/data', tenantOid: null, action: 'Delete', allowed: false });
    const response = await call('GET', `/api/admin/permissions/matrix?subject=role:${clerkRole}`, undefined, adminToken, { 'accept-language': 'de-CH,de;q=0.9' });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { action: string; rows: Row[]; tenants: unknown[] };
    expect(answer.action).toBe('Read');
    // Sorted by Id; tenant 9 is the clerk's, not the admin's, so it is no column.
    expect(answer.tenants).toEqual([
      { oid: 2, id: 'AT-01', country: 'AT' },
      { oid: 1, id: 'CH-01', country: 'CH' },
    ]);
    expect(answer.rows.map((row) => [row.p, row.pp])).toEqual([
      ['/', null],
      ['/data', '/'],
      ['/data/pos-supply/article', '/data'],
      ['/admin', '/'],
      ['/admin/permissions', '/admin'],
    ]);
    expect(answer.rows[1]).toEqual({ p: '/data', pp: '/', text: 'Stammdaten', e: true, tenants: { '1': null, '2': false } });
    expect(answer.rows[3]!.text).toBe('Administration');

    const deletes = (await call('GET', `/api/admin/permissions/matrix?subject=role:${clerkRole}&action=Delete`)).json() as { action: string; rows: Row[] };
    expect(deletes.action).toBe('Delete');
    expect(deletes.rows[1]).toMatchObject({ e: false, tenants: { '1': null, '2': null } });
  });

  it('refuses a bad subject or action naming the field, and an unknown subject with 404', async () => {
    const badSubject = await call('GET', '/api/admin/permissions/matrix?subject=group:1');
    expect(badSubject.statusCode).toBe(400);
    expect(Object.keys(badSubject.json().errors)).toEqual(['subject']);
    const badAction = await call('GET', `/api/admin/permissions/matrix?subject=role:${clerkRole}&action=Fly`);
    expect(badAction.statusCode).toBe(400);
    expect(Object.keys(badAction.json().errors)).toEqual(['action']);
    expect((await call('GET', '/api/admin/permissions/matrix?subject=user:999999')).statusCode).toBe(404);
  });

  it('sets and clears one decision per PUT, answers the row, and the next request of a holder sees it', async () => {
    await setUserRoles(t.database.db, clerkOid, [{ roleOid: otherRole, tenantOid: null }]);
    const clerk = await signInToken(t.app, 'clerk', 'clerk-password');
    const canRead = async () => ((await call('GET', '/api/ui/permissions', undefined, clerk, { 'x-mate-tenant': '' })).json() as Record<string, { Read: boolean }>)['/data/pos-supply/article']?.Read ?? false;
    expect(await canRead()).toBe(false);

    const put = await call('PUT', '/api/admin/permissions/matrix', { subject: `role:${otherRole}`, path: '/data/pos-supply/article', tenantOid: null, action: 'Read', value: true });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      subject: `role:${otherRole}`,
      action: 'Read',
      row: { p: '/data/pos-supply/article', pp: '/data', text: 'Articles', e: true, tenants: { '1': null, '2': null } },
    });
    expect(await canRead()).toBe(true);

    const tenantCell = await call('PUT', '/api/admin/permissions/matrix', { subject: `role:${otherRole}`, path: '/data/pos-supply/article', tenantOid: 1, action: 'Read', value: false });
    expect(tenantCell.json().row).toMatchObject({ e: true, tenants: { '1': false, '2': null } });

    const cleared = await call('PUT', '/api/admin/permissions/matrix', { subject: `role:${otherRole}`, path: '/data/pos-supply/article', tenantOid: null, action: 'Read', value: null });
    expect(cleared.json().row).toMatchObject({ e: null, tenants: { '1': false } });
    expect(await canRead()).toBe(false);
  });

  it('refuses invalid changes naming the field, and tenant columns outside the caller’s tenants', async () => {
    const base = { subject: `role:${clerkRole}`, path: '/data', tenantOid: null, action: 'Read', value: true };
    for (const [field, value] of [['subject', 'role:x'], ['path', 'data/'], ['action', 'Fly'], ['value', 'yes'], ['tenantOid', 'one']] as const) {
      const response = await call('PUT', '/api/admin/permissions/matrix', { ...base, [field]: value });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().errors), field).toEqual([field]);
    }
    expect((await call('PUT', '/api/admin/permissions/matrix', { ...base, extra: 1 })).statusCode).toBe(400);
    // The admin does not belong to tenant 9.
    expect((await call('PUT', '/api/admin/permissions/matrix', { ...base, tenantOid: 9 })).statusCode).toBe(403);
  });

  it("shows and replaces a user's roles per tenant, revoking the user's tokens", async () => {
    await setUserRoles(t.database.db, clerkOid, [{ roleOid: clerkRole, tenantOid: 9 }]);
    const clerk = await signInToken(t.app, 'clerk', 'clerk-password');
    const before = (await call('GET', `/api/admin/users/${clerkOid}/roles`)).json() as { tenants: { oid: number | null; roles: { name: string; held: boolean }[] }[] };
    // Every tenant (null), then the clerk's tenants the admin can see: only 1.
    expect(before.tenants.map((tenant) => tenant.oid)).toEqual([null, 1]);
    expect(before.tenants.every((tenant) => tenant.roles.every((role) => !role.held))).toBe(true);

    const heard: { type: string; kind: string; oid: number }[] = [];
    const unsubscribe = t.bus.subscribe((event) => heard.push(event));
    const put = await call('PUT', `/api/admin/users/${clerkOid}/roles`, { tenants: [{ oid: 1, roles: [{ oid: clerkRole, held: true }, { oid: otherRole, held: false }] }] });
    // Grids and open editors of the user hear that the record changed (its Roles), with the record's new ETag.
    await expect.poll(() => heard.filter((event) => event.kind === 'identity/user' && event.oid === clerkOid).map((event) => event.type)).toEqual(['DataServiceUpdate']);
    unsubscribe();
    expect(put.statusCode).toBe(200);
    const held = (put.json() as typeof before).tenants.map((tenant) => [tenant.oid, tenant.roles.filter((role) => role.held).map((role) => role.name)]);
    expect(held).toEqual([[null, []], [1, ['Clerk']]]);
    // The role in tenant 9, which the admin cannot see, is kept.
    const stored = await t.database.db.query<{ tenant_oid: string | number | null }>('select tenant_oid from mate_user_role where user_oid = $1 order by tenant_oid', [clerkOid]);
    expect(stored.rows.map((row) => Number(row.tenant_oid))).toEqual([1, 9]);
    expect((await call('GET', '/api/user/profile', undefined, clerk)).statusCode).toBe(401);

    const foreign = await call('PUT', `/api/admin/users/${clerkOid}/roles`, { tenants: [{ oid: 9, roles: [] }] });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().errors)).toEqual(['tenants[0].oid']);
  });

  it('shows role permissions as checkbox trees and stores only the decisions that differ from what is inherited', async () => {
    const role = await createRole(t.database.db, 'Checkbox');
    const put = await call('PUT', `/api/admin/roles/${role}/permissions`, {
      action: 'Update',
      tenants: [
        { oid: null, paths: [{ p: '/data', allowed: true }, { p: '/data/pos-supply/article', allowed: true }, { p: '/admin', allowed: false }] },
        { oid: 2, paths: [{ p: '/data/pos-supply/article', allowed: false }] },
      ],
    });
    expect(put.statusCode).toBe(200);
    const stored = await t.database.db.query<{ path: string; tenant_oid: string | number | null; allowed: boolean }>(
      'select path, tenant_oid, allowed from mate_permission where role_oid = $1 and action = $2 order by path, tenant_oid nulls first',
      [role, 'Update'],
    );
    expect(stored.rows.map((row) => [row.path, row.tenant_oid === null ? null : Number(row.tenant_oid), row.allowed])).toEqual([
      ['/data', null, true],
      ['/data/pos-supply/article', 2, false],
    ]);
    const answer = put.json() as { action: string; tenants: { oid: number | null; paths: { p: string; allowed: boolean; decision: boolean | null }[] }[] };
    expect(answer.action).toBe('Update');
    const article = (oid: number | null) => answer.tenants.find((tenant) => tenant.oid === oid)!.paths.find((path) => path.p === '/data/pos-supply/article');
    expect(article(null)).toMatchObject({ allowed: true, decision: null });
    expect(article(2)).toMatchObject({ allowed: false, decision: false });
    expect(article(1)).toMatchObject({ allowed: true, decision: null });
  });

  it("shows a user's own permissions over the user's tenants the caller can see", async () => {
    await setPermission(t.database.db, { subject: { userOid: clerkOid }, path: '/data', tenantOid: 1, action: 'Read', allowed: true });
    const answer = (await call('GET', `/api/admin/users/${clerkOid}/permissions`)).json() as { subject: string; tenants: { oid: number | null; paths: { p: string; allowed: boolean }[] }[] };
    expect(answer.subject).toBe(`user:${clerkOid}`);
    expect(answer.tenants.map((tenant) => tenant.oid)).toEqual([null, 1]);
    expect(answer.tenants[1]!.paths.find((path) => path.p === '/data/pos-supply/article')!.allowed).toBe(true);
    expect(answer.tenants[0]!.paths.find((path) => path.p === '/data/pos-supply/article')!.allowed).toBe(false);
  });
});
