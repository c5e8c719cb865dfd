import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createHubTestDatabase, startHubInstance, type HubInstance } from '../hub/hub-test-app';
import type { TestDatabase } from '../test-support/test-database';
import { ensureAdministratorRole } from './administrator-role';
import { IDENTITY_CHANGE_CHANNEL } from './identity-cache';
import { addUser, signInToken } from './identity-test-app';
import { createRole, revokeTokens, setPermission, setUserRoles } from './user-admin';
import { encodeScopeValue, SCOPE_HEADERS } from './scope-headers';

// The instance that makes an identity change must refuse from its very next request, not only once the change's
// NOTIFY comes back to it (a few milliseconds on PostgreSQL, more under load). The instance here never hears its
// identity NOTIFYs, so nothing but its own forgetting can refuse the old session.
const TENANT = 11;
const KIND = '/api/data/pos-supply/quantity-unit';

/** The database, except that the identity change channel delivers nothing (while saying it listens). */
function deafToIdentityChanges(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'listen') {
        return (channel: string, handler: (payload: string) => void) =>
          target.listen(channel, channel === IDENTITY_CHANGE_CHANNEL ? () => undefined : handler);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('an identity change on the instance that makes it', () => {
  let database: TestDatabase;
  let instance: HubInstance;
  let admin: string;
  let clerkRole: number;
  let users = 0;

  beforeAll(async () => {
    database = await createHubTestDatabase();
    instance = await startHubInstance(database, { wrapDb: deafToIdentityChanges });
    await addUser(database, 'admin', 'admin-password', [TENANT]);
    await ensureAdministratorRole(database.db);
    admin = await signInToken(instance.app, 'admin', 'admin-password');
    clerkRole = await createRole(database.db, 'Clerk');
    await setPermission(database.db, { subject: { roleOid: clerkRole }, path: '/data', tenantOid: null, action: 'Read', allowed: true });
  }, 120_000);
  afterAll(async () => {
    await instance?.close();
    await database?.drop();
  });

  async function clerk(): Promise<{ oid: number; token: string }> {
    const name = `own-write-clerk${++users}`;
    const oid = await addUser(database, name, `${name}-password`, [TENANT]);
    await setUserRoles(database.db, oid, [{ roleOid: clerkRole, tenantOid: TENANT }]);
    const token = await signInToken(instance.app, name, `${name}-password`);
    // Twice, so the user is certainly kept in the cache before the change.
    expect((await list(token)).statusCode).toBe(200);
    expect((await list(token)).statusCode).toBe(200);
    return { oid, token };
  }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const list = (token: string) => instance.app.inject({ method: 'GET', url: KIND, headers: { ...auth(token), [SCOPE_HEADERS.tenant]: encodeScopeValue(TENANT) } });

  it('refuses a signed-out token at once', async () => {
    const user = await clerk();
    expect((await instance.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth(user.token) })).statusCode).toBeLessThan(300);
    expect((await list(user.token)).statusCode).toBe(401);
  });

  it('refuses a session the user ended from the sessions list at once', async () => {
    const user = await clerk();
    const sessions = (await instance.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: auth(user.token) })).json<{ items: { oid: number; current: boolean }[] }>();
    const current = sessions.items.find((session) => session.current)!;
    expect((await instance.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${current.oid}`, headers: auth(user.token) })).statusCode).toBe(204);
    const refused = await list(user.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toContain('session has been ended');
  });

  it("refuses at once when an administrator ends the user's sessions or sets a new password", async () => {
    const ended = await clerk();
    expect((await instance.app.inject({ method: 'POST', url: `/api/admin/users/${ended.oid}/sessions/end`, headers: auth(admin) })).statusCode).toBe(200);
    expect((await list(ended.token)).statusCode).toBe(401);
    const reset = await clerk();
    const set = await instance.app.inject({ method: 'POST', url: `/api/admin/users/${reset.oid}/password`, headers: auth(admin), payload: { newPassword: 'another-password' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await list(reset.token)).statusCode).toBe(401);
  });

  it('refuses at once when an administrator disables the user in the grid', async () => {
    const user = await clerk();
    const record = (await instance.app.inject({ method: 'GET', url: `/api/data/identity/user/${user.oid}`, headers: auth(admin) })).json<Record<string, unknown>>();
    const { ETag, ...fields } = record;
    const put = await instance.app.inject({ method: 'PUT', url: `/api/data/identity/user/${user.oid}`, headers: { ...auth(admin), 'if-match': String(ETag) }, payload: { ...fields, Disabled: true } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await list(user.token)).statusCode).toBe(401);
  });

  it('keeps what it holds when a call changed nothing, so a flood of refused calls costs nobody a reload', async () => {
    const user = await clerk();
    // Revoked behind the instance's back: being deaf, it can only notice by reading the user again.
    await revokeTokens(database.db, user.oid);
    const refused = await instance.app.inject({ method: 'POST', url: `/api/admin/users/${user.oid}/sessions/end`, headers: auth(user.token) });
    expect(refused.statusCode).toBe(403);
    // Still the kept user: the refused call emptied nothing.
    expect((await list(user.token)).statusCode).toBe(200);
  });
});
