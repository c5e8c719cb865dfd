import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavigationItem } from '../../schemas/entity-document';
import { ensureAdministratorRole } from './administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { encodeScopeValue } from './scope-headers';
import { createRole, setPermission, setUserRoles, setUserTenants } from './user-admin';

const title = (en: string) => ({ en });
const NAVIGATION: NavigationItem[] = [
  { path: '/', title: title('Dashboard'), component: 'dashboard' },
  {
    path: '/data',
    title: title('Master data'),
    children: [
      { path: '/data/pos-supply/article', title: title('Articles'), component: 'data-grid', state: true },
      { path: '/data/campaigns/customer', title: title('Customers'), component: 'data-grid', state: false },
    ],
  },
  { path: '/admin', title: title('Administration'), children: [{ path: '/admin/outbox', title: title('Outbox'), component: 'outbox' }] },
  { path: '/tools/editor', title: title('Editor'), component: 'editor', ignorePermissions: true },
];

describe('profile, permissions, navigation, progress', () => {
  let t: IdentityTestApp;
  let token: string;

  beforeAll(async () => {
    t = await createIdentityTestApp({ navigation: NAVIGATION });
    const oid = await addUser(t.database, 'olga', 'olga-password');
    await setUserTenants(t.database.db, oid, { tenantOids: [3, 4], primaryTenantOid: 4, rootTenantOid: 3 });
    const role = await createRole(t.database.db, 'Buyer');
    await setPermission(t.database.db, { subject: { roleOid: role }, path: '/data/pos-supply', tenantOid: null, action: 'Read', allowed: true });
    await setPermission(t.database.db, { subject: { roleOid: role }, path: '/data/pos-supply', tenantOid: 4, action: 'Update', allowed: true });
    await setPermission(t.database.db, { subject: { userOid: oid }, path: '/', tenantOid: 3, action: 'Read', allowed: true });
    await setUserRoles(t.database.db, oid, [{ roleOid: role, tenantOid: null }]);
    token = await signInToken(t.app, 'olga', 'olga-password');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

  it('all of them need a valid token', async () => {
    for (const url of ['/api/user/profile', '/api/ui/permissions', '/api/ui/navigation', '/api/ui/progress', '/api/ui/page-access?path=/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('profile answers the user and their tenants', async () => {
    const response = await get('/api/user/profile');
    expect(response.statusCode).toBe(200);
    // Every property the handler sends: the route's response schema names each one (ui-schemas.ts).
    expect(response.json()).toEqual({
      userOid: expect.any(Number),
      username: 'olga',
      firstname: null,
      lastname: null,
      emailAddress: 'olga@example.test',
      rootTenantOid: 3,
      tenantOids: [3, 4],
      primaryTenantOid: 4,
      avatarHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('permissions answer every path with an allowed action in the current (primary) tenant', async () => {
    const response = await get('/api/ui/permissions');
    expect(response.json()).toEqual({
      '/data/pos-supply': { Read: true, Create: false, Update: true, Delete: false, Demand: false, Patch: false },
      '/data/pos-supply/article': { Read: true, Create: false, Update: true, Delete: false, Demand: false, Patch: false },
    });
  });

  it('permissions follow the tenant header', async () => {
    const response = await get('/api/ui/permissions', { 'x-mate-tenant': encodeScopeValue(3) });
    const body = response.json() as Record<string, { Read: boolean; Update: boolean }>;
    expect(body['/']).toMatchObject({ Read: true, Update: false });
    expect(body['/admin/outbox']).toMatchObject({ Read: true });
    expect(body['/data/pos-supply/article']).toMatchObject({ Read: true, Update: false });
  });

  const paths = (items: NavigationItem[]): string[] => items.flatMap((item) => [item.path, ...paths(item.children ?? [])]);

  it('navigation leaves out what the user cannot open in the current tenant, groups left empty, and in-progress pages without the test-mode right', async () => {
    // Tenant 4 (primary): Read on /data/pos-supply reaches the article page, but it is in progress and olga holds
    // nothing on /internal/test-mode there; nothing reaches the customers, the dashboard or the outbox.
    const inFour = await get('/api/ui/navigation');
    expect(inFour.statusCode).toBe(200);
    expect(paths(inFour.json())).toEqual(['/tools/editor']);
    expect(inFour.body).not.toContain('/admin');
    expect(inFour.body).not.toContain('Outbox');
    // Tenant 3: Read on / reaches every page, /internal/test-mode too, so the in-progress page is there.
    expect((await get('/api/ui/navigation', { 'x-mate-tenant': encodeScopeValue(3) })).json()).toEqual(NAVIGATION);
  });

  it('progress maps only the items with a state the user may know', async () => {
    expect((await get('/api/ui/progress')).json()).toEqual({});
    expect((await get('/api/ui/progress', { 'x-mate-tenant': encodeScopeValue(3) })).json()).toEqual({ '/data/pos-supply/article': true, '/data/campaigns/customer': false });
  });

  it('page access names the page a path belongs to, whether or not the user may open it, and nothing else', async () => {
    expect((await get('/api/ui/page-access?path=/admin/outbox')).json()).toEqual({ page: '/admin/outbox' });
    expect((await get('/api/ui/page-access?path=/admin/outbox/deeper/still')).json()).toEqual({ page: '/admin/outbox' });
    expect((await get('/api/ui/page-access?path=/admin')).json()).toEqual({ page: null });
    expect((await get('/api/ui/page-access?path=/no/such/page')).json()).toEqual({ page: null });
    expect((await get('/api/ui/page-access?path=/admin/outboxes')).json()).toEqual({ page: null });
    const relative = await get('/api/ui/page-access?path=admin');
    expect(relative.statusCode).toBe(400);
    expect(relative.body).toContain('path');
    expect((await get('/api/ui/page-access')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/ui/page-access?path=/admin/outbox' })).statusCode).toBe(401);
  });

  it('the outbox needs Read on /admin/outbox in the Global column, not in one tenant', async () => {
    const denied = await get('/api/admin/outbox');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ message: expect.stringContaining('/admin/outbox') });
    // Read on / in tenant 3 reaches /admin/outbox there, but the outbox holds every tenant's mails (outbox-routes.test.ts).
    const inTenant = await get('/api/admin/outbox', { 'x-mate-tenant': encodeScopeValue(3) });
    expect(inTenant.statusCode).toBe(403);
    expect(inTenant.json()).toMatchObject({ message: expect.stringContaining('Global column') });
  });

  it('why names the deciding rule for a user, path, action and tenant', async () => {
    const why = (query: string) => get(`/api/admin/permissions/why?${query}`, { 'x-mate-tenant': encodeScopeValue(3) });
    const olga = (await get('/api/user/profile')).json() as { userOid: number };
    const answer = await why(`userOid=${olga.userOid}&path=/data/pos-supply/article&action=Update&tenantOid=4`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ allowed: true, text: 'allowed by role Buyer for tenant 4 on /data/pos-supply' });
    expect((await why(`userOid=${olga.userOid}&path=/data&action=Update`)).json()).toMatchObject({ allowed: false, decidedBy: null });
    expect((await why(`userOid=${olga.userOid}&path=/data&action=Fly`)).json()).toMatchObject({ errors: { action: expect.any(Array) } });
    expect((await why(`path=/data&action=Read`)).json()).toMatchObject({ errors: { userOid: ['is required'] } });
    expect((await get(`/api/admin/permissions/why?userOid=${olga.userOid}&path=/data&action=Read`)).statusCode).toBe(403);
  });
});

describe('navigation per user, tenant and test-mode right', () => {
  let t: IdentityTestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createIdentityTestApp({ navigation: NAVIGATION });
    const admin = await addUser(t.database, 'admin', 'admin-password');
    await setUserTenants(t.database.db, admin, { tenantOids: [3, 4], primaryTenantOid: 4, rootTenantOid: 3 });
    await ensureAdministratorRole(t.database.db);
    const nobody = await addUser(t.database, 'nobody', 'nobody-password');
    await setUserTenants(t.database.db, nobody, { tenantOids: [3, 4], primaryTenantOid: 4, rootTenantOid: 3 });
    // tina may use test mode and read articles, in tenant 4 only.
    const tina = await addUser(t.database, 'tina', 'tina-password');
    await setUserTenants(t.database.db, tina, { tenantOids: [3, 4], primaryTenantOid: 4, rootTenantOid: 3 });
    for (const path of ['/internal/test-mode', '/data/pos-supply']) {
      await setPermission(t.database.db, { subject: { userOid: tina }, path, tenantOid: 4, action: 'Read', allowed: true });
    }
    // carl reads customers everywhere (Global column) but may not use test mode.
    const carl = await addUser(t.database, 'carl', 'carl-password');
    await setUserTenants(t.database.db, carl, { tenantOids: [3, 4], primaryTenantOid: 4, rootTenantOid: 3 });
    await setPermission(t.database.db, { subject: { userOid: carl }, path: '/data/campaigns', tenantOid: null, action: 'Read', allowed: true });
    await setPermission(t.database.db, { subject: { userOid: carl }, path: '/data/pos-supply', tenantOid: null, action: 'Update', allowed: true });
    for (const name of ['admin', 'nobody', 'tina', 'carl']) tokens[name] = await signInToken(t.app, name, `${name}-password`);
  });
  afterAll(() => t.close());

  const navigationOf = async (user: string, tenantOid: number) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ui/navigation', headers: { authorization: `Bearer ${tokens[user]}`, 'x-mate-tenant': encodeScopeValue(tenantOid) } });
    expect(response.statusCode).toBe(200);
    const collect = (items: NavigationItem[]): string[] => items.flatMap((item) => [item.path, ...collect(item.children ?? [])]);
    return collect(response.json());
  };

  const ALL = ['/', '/data', '/data/pos-supply/article', '/data/campaigns/customer', '/admin', '/admin/outbox', '/tools/editor'];
  const cases: [user: string, tenant: number, expected: string[]][] = [
    ['admin', 3, ALL],
    ['admin', 4, ALL],
    ['nobody', 3, ['/tools/editor']],
    ['nobody', 4, ['/tools/editor']],
    // The right in one tenant only: the in-progress page with test mode in 4, nothing in 3.
    ['tina', 4, ['/data', '/data/pos-supply/article', '/tools/editor']],
    ['tina', 3, ['/tools/editor']],
    // A right on an in-progress page without the test-mode right does not reveal it; a testable one is there.
    ['carl', 3, ['/data', '/data/campaigns/customer', '/tools/editor']],
    ['carl', 4, ['/data', '/data/campaigns/customer', '/tools/editor']],
  ];
  it.each(cases)('%s in tenant %i sees %j', async (user, tenant, expected) => {
    expect(await navigationOf(user, tenant)).toEqual(expected);
  });
});

describe('ensureAdministratorRole', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp({ navigation: NAVIGATION });
  });
  afterAll(() => t.close());

  it('gives admin every action everywhere, idempotently', async () => {
    await addUser(t.database, 'admin', 'admin-password');
    const first = await ensureAdministratorRole(t.database.db);
    expect(await ensureAdministratorRole(t.database.db)).toBe(first);
    const count = await t.database.db.query<{ n: number }>('select count(*)::int as n from mate_permission');
    expect(count.rows[0]!.n).toBe(6);
    const token = await signInToken(t.app, 'admin', 'admin-password');
    const permissions = (await t.app.inject({ method: 'GET', url: '/api/ui/permissions', headers: { authorization: `Bearer ${token}` } })).json() as Record<string, Record<string, boolean>>;
    expect(permissions['/admin/outbox']).toEqual({ Read: true, Create: true, Update: true, Delete: true, Demand: true, Patch: true });
    const navigation = (await t.app.inject({ method: 'GET', url: '/api/ui/navigation', headers: { authorization: `Bearer ${token}` } })).json() as NavigationItem[];
    expect(navigation.map((item) => item.path)).toEqual(NAVIGATION.map((item) => item.path));
  });
});
