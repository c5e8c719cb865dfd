import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministratorRole } from './administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { loadUserPermissions } from './permission-store';
import { createRole, setUserRoles } from './user-admin';
import { findUserByOid } from './user-store';

/** Users and roles written through the data service (the grids) are the ones identity signs in and revokes. */
describe('identity follows the catalogue records', () => {
  let t: IdentityTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createIdentityTestApp();
    await addUser(t.database, 'admin', 'admin-password', [1]);
    await ensureAdministratorRole(t.database.db);
    admin = await signInToken(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t.close());

  const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${admin}`, ...headers } });
  const patch = (url: string, etag: string, payload: object) => asAdmin('PATCH', url, payload, { 'if-match': etag, 'content-type': 'application/merge-patch+json' });
  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });

  /** Waits until the event of the last write reached identity's subscriber and was applied. */
  async function eventsApplied(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 100; i++) {
      await t.identityEvents.settled();
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('identity did not apply the data event');
  }

  async function gridUser(userName: string): Promise<{ Oid: number; ETag: string }> {
    const created = await asAdmin('POST', '/api/data/identity/user', { UserName: userName, EmailAddress: `${userName}@example.test`, LoginProvider: 'internal' });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { Oid: number; ETag: string };
  }

  it('a user created in the grid is the user identity knows; it signs in once an administrator set a password', async () => {
    const user = await gridUser('Grid.User');
    const known = await findUserByOid(t.database.db, user.Oid);
    expect(known).toMatchObject({ username: 'Grid.User', email: 'Grid.User@example.test', passwordHash: null, disabled: false });
    // No password yet: the same answer as a wrong password.
    const before = await t.app.inject({ method: 'GET', url: '/api/v1-pub/auth/user/token.json', headers: { authorization: `Basic ${Buffer.from('grid.user:whatever-1').toString('base64')}` } });
    expect(before.json()).toMatchObject({ error_code: '40102' });
    expect((await asAdmin('POST', `/api/admin/users/${user.Oid}/password`, { newPassword: 'grid-password' })).statusCode).toBe(200);
    const token = await signInToken(t.app, 'grid.user', 'grid-password');
    expect((await profile(token)).json()).toMatchObject({ userOid: user.Oid, username: 'Grid.User' });
  });

  it('a user created by identity shows in the grid with its fields', async () => {
    const oid = await addUser(t.database, 'coded', 'coded-password');
    const row = await asAdmin('GET', `/api/data/identity/user/${oid}`);
    expect(row.json()).toMatchObject({ Oid: oid, UserName: 'coded', EmailAddress: 'coded@example.test', Disabled: false, EmailConfirmed: true });
  });

  it('disabling in the grid ends the tokens, and enabling again does not bring them back', async () => {
    const user = await gridUser('disable.me');
    await asAdmin('POST', `/api/admin/users/${user.Oid}/password`, { newPassword: 'disable-password' });
    const old = await signInToken(t.app, 'disable.me', 'disable-password');
    expect((await profile(old)).statusCode).toBe(200);

    const disabled = await patch(`/api/data/identity/user/${user.Oid}`, (await asAdmin('GET', `/api/data/identity/user/${user.Oid}`)).json<{ ETag: string }>().ETag, { Disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await eventsApplied(async () => (await findUserByOid(t.database.db, user.Oid))!.tokenVersion > 0);
    expect((await profile(old)).statusCode).toBe(401);

    const enabled = await patch(`/api/data/identity/user/${user.Oid}`, disabled.json<{ ETag: string }>().ETag, { Disabled: false });
    expect(enabled.statusCode).toBe(200);
    await eventsApplied(async () => (await t.database.db.query<{ s: boolean }>('select disabled_seen as s from mate_user where oid = $1', [user.Oid])).rows[0]?.s === false);
    expect((await profile(old)).statusCode).toBe(401);
    const fresh = await signInToken(t.app, 'disable.me', 'disable-password');
    expect((await profile(fresh)).statusCode).toBe(200);

    // Other edits leave the tokens alone, and a repeated Disabled event bumps only once.
    const versionBefore = (await findUserByOid(t.database.db, user.Oid))!.tokenVersion;
    // The sign-in above wrote LastLoginAt, a new version of the record: edit the current one.
    const current = (await asAdmin('GET', `/api/data/identity/user/${user.Oid}`)).json<{ ETag: string }>().ETag;
    expect(current).not.toBe(enabled.json<{ ETag: string }>().ETag);
    const renamed = await patch(`/api/data/identity/user/${user.Oid}`, current, { FirstName: 'Dee' });
    expect(renamed.statusCode).toBe(200);
    await t.bus.publish({ type: 'DataServiceUpdate', kind: 'identity/user', oid: user.Oid, etag: renamed.json<{ ETag: string }>().ETag, tenantOid: null });
    await t.bus.publish({ type: 'DataServiceUpdate', kind: 'identity/user', oid: user.Oid, etag: renamed.json<{ ETag: string }>().ETag, tenantOid: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.identityEvents.settled();
    expect((await findUserByOid(t.database.db, user.Oid))!.tokenVersion).toBe(versionBefore);
    expect((await profile(fresh)).statusCode).toBe(200);
  });

  it('deleting a user in the grid ends its tokens and removes what identity kept for it', async () => {
    const oid = await addUser(t.database, 'leaver', 'leaver-password', [1]);
    const token = await signInToken(t.app, 'leaver', 'leaver-password');
    const row = (await asAdmin('GET', `/api/data/identity/user/${oid}`)).json<{ ETag: string }>();
    expect((await asAdmin('DELETE', `/api/data/identity/user/${oid}`, undefined, { 'if-match': row.ETag })).statusCode).toBe(204);
    expect((await profile(token)).statusCode).toBe(401);
    await eventsApplied(async () => (await t.database.db.query('select 1 from mate_user where oid = $1', [oid])).rowCount === 0);
    expect((await t.database.db.query('select 1 from mate_user_tenant where user_oid = $1', [oid])).rowCount).toBe(0);
  });

  it('deleting a role in the grid removes its memberships and decisions and ends its holders’ tokens', async () => {
    const oid = await addUser(t.database, 'holder', 'holder-password', [1]);
    const roleOid = await createRole(t.database.db, 'Temporary');
    await setUserRoles(t.database.db, oid, [{ roleOid, tenantOid: null }]);
    const token = await signInToken(t.app, 'holder', 'holder-password');
    const role = (await asAdmin('GET', `/api/data/identity/role/${roleOid}`)).json<{ ETag: string; Name: string }>();
    expect(role.Name).toBe('Temporary');
    expect((await asAdmin('DELETE', `/api/data/identity/role/${roleOid}`, undefined, { 'if-match': role.ETag })).statusCode).toBe(204);
    // The role no longer counts at once (permissions join the role table); the event then cleans up and revokes.
    expect((await loadUserPermissions(t.database.db, oid)).roles).toEqual([]);
    await eventsApplied(async () => (await t.database.db.query('select 1 from mate_user_role where role_oid = $1', [roleOid])).rowCount === 0);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('the Administrators role is a row of the roles grid, marked as a system role', async () => {
    const roles = await asAdmin('GET', '/api/data/identity/role');
    expect(roles.json<{ items: { Name: string; IsSystemRole: boolean }[] }>().items).toContainEqual(expect.objectContaining({ Name: 'Administrators', IsSystemRole: true }));
  });
});
