import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavigationItem } from '../../schemas/entity-document';
import { ensureAdministratorRole } from './administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { createRole, setPermission, setUserRoles } from './user-admin';

// The 200 answers of the permission and user administration routes, byte for byte: their response schemas
// (permission-matrix-schemas.ts, permission-checkbox-schemas.ts, user-admin-schemas.ts) feed Fastify's serialiser,
// which writes only the properties a schema names, in the schema's order. Each answer here is the whole text.

const NAVIGATION: NavigationItem[] = [
  { path: '/', title: { en: 'Dashboard' }, component: 'dashboard' },
  { path: '/data', title: { en: 'Master data' }, children: [{ path: '/data/pos-supply/article', title: { en: 'Articles' } }] },
];

describe('the administration answers, byte for byte', () => {
  let t: IdentityTestApp;
  let adminToken: string;
  let adminOid: number;
  let clerkOid: number;
  let adminRole: number;
  let clerkRole: number;

  beforeAll(async () => {
    t = await createIdentityTestApp({ navigation: NAVIGATION });
    const db = t.database.db;
    await db.query(`insert into e_tenancy_tenant ("Oid", "Id", "Name", "CountryCode") overriding system value values (1, 'CH-01', 'Zürich', 'CH'), (2, 'AT-01', 'Wien', null)`);
    adminOid = await addUser(t.database, 'admin', 'admin-password', [1, 2]);
    await ensureAdministratorRole(db);
    clerkOid = await addUser(t.database, 'clerk', 'clerk-password', [1]);
    adminRole = (await db.query<{ oid: string }>(`select "Oid"::text as oid from e_identity_role where "Name" = 'Administrators'`)).rows.map((row) => Number(row.oid))[0]!;
    clerkRole = await createRole(db, 'Clerk');
    await setUserRoles(db, clerkOid, [{ roleOid: clerkRole, tenantOid: 1 }]);
    await setPermission(db, { subject: { roleOid: clerkRole }, path: '/data', tenantOid: null, action: 'Read', allowed: true });
    await setPermission(db, { subject: { roleOid: clerkRole }, path: '/data/pos-supply/article', tenantOid: 1, action: 'Read', allowed: false });
    adminToken = await signInToken(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
    const answer = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${adminToken}` } });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.body;
  };
  const text = (value: unknown) => JSON.stringify(value);

  it('GET /api/admin/permissions/subjects', async () => {
    expect(await call('GET', '/api/admin/permissions/subjects')).toBe(
      text({
        roles: [
          { oid: adminRole, name: 'Administrators', disabled: false },
          { oid: clerkRole, name: 'Clerk', disabled: false },
        ],
        users: [
          { oid: adminOid, username: 'admin', firstName: null, lastName: null, disabled: false },
          { oid: clerkOid, username: 'clerk', firstName: null, lastName: null, disabled: false },
        ],
      }),
    );
  });

  it('GET and PUT /api/admin/permissions/matrix', async () => {
    expect(await call('GET', `/api/admin/permissions/matrix?subject=role:${clerkRole}`)).toBe(
      text({
        subject: `role:${clerkRole}`,
        action: 'Read',
        rows: [
          { p: '/', pp: null, text: '/', e: null, tenants: { '1': null, '2': null } },
          { p: '/data', pp: '/', text: 'Master data', e: true, tenants: { '1': null, '2': null } },
          { p: '/data/pos-supply/article', pp: '/data', text: 'Articles', e: null, tenants: { '1': false, '2': null } },
        ],
        tenants: [
          { oid: 2, id: 'AT-01', country: null },
          { oid: 1, id: 'CH-01', country: 'CH' },
        ],
      }),
    );
    expect(await call('PUT', '/api/admin/permissions/matrix', { subject: `role:${clerkRole}`, path: '/data', tenantOid: 2, action: 'Delete', value: false })).toBe(
      text({ subject: `role:${clerkRole}`, action: 'Delete', row: { p: '/data', pp: '/', text: 'Master data', e: null, tenants: { '1': null, '2': false } } }),
    );
  });

  it('GET /api/admin/permissions/why, decided by a role and by nothing', async () => {
    expect(await call('GET', `/api/admin/permissions/why?userOid=${clerkOid}&path=/data/pos-supply/article&action=Read&tenantOid=1`)).toBe(
      text({
        allowed: false,
        decidedBy: { subject: 'role', roleName: 'Clerk', roleOid: clerkRole, path: '/data/pos-supply/article', tenantOid: 1, action: 'Read', allowed: false },
        text: 'denied by role Clerk for tenant 1 on /data/pos-supply/article',
      }),
    );
    expect(await call('GET', `/api/admin/permissions/why?userOid=${clerkOid}&path=/data&action=Update`)).toBe(
      text({ allowed: false, decidedBy: null, text: 'denied: no decision for Update on /data or any ancestor path' }),
    );
  });

  it("GET and PUT /api/admin/users/{oid}/roles", async () => {
    const roles = (held: (role: number, tenant: number | null) => boolean) =>
      text({
        tenants: [
          { oid: null, roles: [{ oid: adminRole, name: 'Administrators', disabled: false, held: held(adminRole, null) }, { oid: clerkRole, name: 'Clerk', disabled: false, held: held(clerkRole, null) }] },
          { oid: 1, id: 'CH-01', country: 'CH', roles: [{ oid: adminRole, name: 'Administrators', disabled: false, held: held(adminRole, 1) }, { oid: clerkRole, name: 'Clerk', disabled: false, held: held(clerkRole, 1) }] },
        ],
      });
    expect(await call('GET', `/api/admin/users/${clerkOid}/roles`)).toBe(roles((role, tenant) => role === clerkRole && tenant === 1));
    const put = await call('PUT', `/api/admin/users/${clerkOid}/roles`, { tenants: [{ oid: null, roles: [{ oid: clerkRole, held: true }] }, { oid: 1, roles: [] }] });
    expect(put).toBe(roles((role, tenant) => role === clerkRole && tenant === null));
  });

  it('GET and PUT /api/admin/roles/{oid}/permissions (and users)', async () => {
    const tree = (subject: string, action: string, paths: (oid: number | null) => unknown[]) =>
      text({ subject, action, tenants: [{ oid: null, paths: paths(null) }, { oid: 2, id: 'AT-01', country: null, paths: paths(2) }, { oid: 1, id: 'CH-01', country: 'CH', paths: paths(1) }] });
    const row = (p: string, pp: string | null, label: string, allowed: boolean, decision: boolean | null) => ({ p, pp, text: label, allowed, decision });
    expect(await call('GET', `/api/admin/roles/${clerkRole}/permissions`)).toBe(
      tree(`role:${clerkRole}`, 'Read', (oid) => [
        row('/', null, '/', false, null),
        row('/data', '/', 'Master data', true, oid === null ? true : null),
        row('/data/pos-supply/article', '/data', 'Articles', oid !== 1, oid === 1 ? false : null),
      ]),
    );
    const put = await call('PUT', `/api/admin/roles/${clerkRole}/permissions`, { action: 'Create', tenants: [{ oid: 2, paths: [{ p: '/data', allowed: true }] }] });
    expect(put).toBe(
      tree(`role:${clerkRole}`, 'Create', (oid) => [row('/', null, '/', false, null), row('/data', '/', 'Master data', oid === 2, oid === 2 ? true : null), row('/data/pos-supply/article', '/data', 'Articles', oid === 2, null)]),
    );
    // A user's tree has only the user's tenants as columns.
    expect(await call('GET', `/api/admin/users/${clerkOid}/permissions?action=Update`)).toBe(
      text({
        subject: `user:${clerkOid}`,
        action: 'Update',
        tenants: [null, 1].map((oid) => ({
          ...(oid === null ? { oid } : { oid, id: 'CH-01', country: 'CH' }),
          paths: [row('/', null, '/', false, null), row('/data', '/', 'Master data', false, null), row('/data/pos-supply/article', '/data', 'Articles', false, null)],
        })),
      }),
    );
  });

  it('POST /api/admin/users/{oid}/password, invite and password-reset', async () => {
    expect(await call('POST', `/api/admin/users/${clerkOid}/password`, { newPassword: 'another-password' })).toBe(text({ passwordSet: true }));
    expect(await call('POST', `/api/admin/users/${clerkOid}/invite`)).toBe(text({ invited: true, to: 'clerk@example.test' }));
    expect(await call('POST', `/api/admin/users/${clerkOid}/password-reset`)).toBe(text({ result: 'queued', to: 'clerk@example.test' }));
  });

  it('refuses bad parameters with the handlers\' own words: the schemas name them without a type', async () => {
    const refusal = async (method: 'GET' | 'POST', url: string) => (await t.app.inject({ method, url, headers: { authorization: `Bearer ${adminToken}` } })).body;
    expect(await refusal('GET', '/api/admin/permissions/matrix')).toBe(
      text({ status: 400, message: "The subject must be 'role:<oid>' or 'user:<oid>'.", errors: { subject: ["must be 'role:<oid>' or 'user:<oid>'"] } }),
    );
    expect(await refusal('GET', '/api/admin/permissions/why?path=/data&action=Read')).toBe(
      text({ status: 400, message: 'The query parameter userOid is required.', errors: { userOid: ['is required'] } }),
    );
    expect(await refusal('GET', '/api/admin/users/abc/roles')).toBe(text({ status: 400, message: 'The oid must be a whole number.', errors: { oid: ['must be a whole number'] } }));
    expect(await refusal('POST', '/api/admin/users/0/invite')).toBe(
      text({ status: 400, message: 'The oid must be a positive whole number.', errors: { oid: ['must be a positive whole number'] } }),
    );
  });

  it('POST /api/admin/api-keys', async () => {
    const body = await call('POST', '/api/admin/api-keys', { name: 'Exporter', userOid: clerkOid, expiresAt: '2999-01-31T00:00:00Z', accessLevel: 'readWrite' });
    const created = JSON.parse(body) as { oid: number; keyPrefix: string; key: string };
    expect(created.key).toMatch(new RegExp(`^${created.keyPrefix}_`));
    expect(body).toBe(text({ oid: created.oid, name: 'Exporter', userOid: clerkOid, keyPrefix: created.keyPrefix, accessLevel: 'readWrite', expiresAt: '2999-01-31T00:00:00.000Z', key: created.key }));
  });
});
