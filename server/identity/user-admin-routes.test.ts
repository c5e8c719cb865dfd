import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministratorRole } from './administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { readOutbox } from './outbox';
import { createRole, setPermission, setUserRoles } from './user-admin';

describe('user administration beyond the grid: passwords, invitations, API keys', () => {
  let t: IdentityTestApp;
  let admin: string;
  let reader: string;
  let clerkOid: number;

  beforeAll(async () => {
    t = await createIdentityTestApp({ env: { MATE_PUBLIC_URL: 'https://mate.example' } });
    await addUser(t.database, 'admin', 'admin-password', [1]);
    await ensureAdministratorRole(t.database.db);
    admin = await signInToken(t.app, 'admin', 'admin-password');
    // A clerk who reads and writes customers, and a reader who may only read users.
    clerkOid = await addUser(t.database, 'clerk', 'clerk-password', [1]);
    const clerkRole = await createRole(t.database.db, 'Clerk');
    for (const action of ['Read', 'Create'] as const) {
      await setPermission(t.database.db, { subject: { roleOid: clerkRole }, path: '/data', tenantOid: null, action, allowed: true });
    }
    await setUserRoles(t.database.db, clerkOid, [{ roleOid: clerkRole, tenantOid: null }]);
    const readerOid = await addUser(t.database, 'reader', 'reader-password', [1]);
    await setPermission(t.database.db, { subject: { userOid: readerOid }, path: '/data', tenantOid: null, action: 'Read', allowed: true });
    reader = await signInToken(t.app, 'reader', 'reader-password');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object | undefined, token = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
  const gridUser = async (name: string, email: string | null = `${name}@example.test`) => {
    const created = await post('/api/data/identity/user', { UserName: name, EmailAddress: email, LoginProvider: 'internal' });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ Oid: number }>().Oid;
  };

  describe('POST /api/admin/users/:oid/password', () => {
    it('needs Update on /data/identity/user', async () => {
      const oid = await gridUser('nopass');
      expect((await post(`/api/admin/users/${oid}/password`, { newPassword: 'long-enough' }, reader)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${oid}/password`, payload: { newPassword: 'long-enough' } })).statusCode).toBe(401);
    });

    it('refuses bad input naming the field, and an unknown user with 404', async () => {
      const oid = await gridUser('badinput');
      expect((await post(`/api/admin/users/${oid}/password`, { newPassword: 'short' })).json()).toMatchObject({ errors: { newPassword: [expect.stringContaining('at least 8')] } });
      expect((await post(`/api/admin/users/${oid}/password`, {})).json()).toMatchObject({ errors: { newPassword: ['is required'] } });
      expect((await post(`/api/admin/users/${oid}/password`, { newPassword: 'long-enough', extra: 1 })).json()).toMatchObject({ errors: { extra: ['is not a known field'] } });
      expect((await post('/api/admin/users/abc/password', { newPassword: 'long-enough' })).json()).toMatchObject({ errors: { oid: ['must be a positive whole number'] } });
      expect((await post('/api/admin/users/999999/password', { newPassword: 'long-enough' })).statusCode).toBe(404);
    });

    it('sets the password and ends the tokens of the user', async () => {
      const oid = await gridUser('setme');
      expect((await post(`/api/admin/users/${oid}/password`, { newPassword: 'first-password' })).json()).toEqual({ passwordSet: true });
      const token = await signInToken(t.app, 'setme', 'first-password');
      await post(`/api/admin/users/${oid}/password`, { newPassword: 'second-password' });
      expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
      await signInToken(t.app, 'setme', 'second-password');
    });
  });

  describe('POST /api/admin/users/:oid/invite', () => {
    it('mails a set-password link that works once', async () => {
      const oid = await gridUser('invitee');
      const invited = await post(`/api/admin/users/${oid}/invite`, undefined);
      expect(invited.json()).toEqual({ invited: true, to: 'invitee@example.test' });
      const mail = (await readOutbox(t.database.db)).find((m) => m.to === 'invitee@example.test')!;
      expect(mail.subject).toBe('Set your password');
      const token = /https:\/\/mate\.example\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(token).toBeDefined();
      const set = () => t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, newPassword: 'invited-password' } });
      expect((await set()).json()).toEqual({ passwordSet: true });
      expect((await set()).statusCode).toBe(400);
      await signInToken(t.app, 'invitee', 'invited-password');
    });

    it('needs Update on users, an e-mail address and an enabled user', async () => {
      const oid = await gridUser('quiet');
      expect((await post(`/api/admin/users/${oid}/invite`, undefined, reader)).statusCode).toBe(403);
      await t.database.db.query('update e_identity_user set "EmailAddress" = null where "Oid" = $1', [oid]);
      expect((await post(`/api/admin/users/${oid}/invite`, undefined)).json()).toMatchObject({ errors: { EmailAddress: ['is empty'] } });
      const off = await gridUser('off');
      await t.database.db.query('update e_identity_user set "Disabled" = true where "Oid" = $1', [off]);
      expect((await post(`/api/admin/users/${off}/invite`, undefined)).statusCode).toBe(409);
    });
  });

  describe('POST /api/admin/users/:oid/password-reset', () => {
    it('mails the reset link of the self-service flow, and says it only waits in the outbox without SMTP', async () => {
      const oid = await gridUser('forgetful');
      await post(`/api/admin/users/${oid}/password`, { newPassword: 'old-password' });
      const sent = await post(`/api/admin/users/${oid}/password-reset`, undefined);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ result: 'queued', to: 'forgetful@example.test' });
      const mail = (await readOutbox(t.database.db)).find((m) => m.to === 'forgetful@example.test')!;
      expect(mail.subject).toBe('Reset your password');
      expect(mail.text).toContain('an administrator asked you');
      const token = /https:\/\/mate\.example\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      const set = await t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, newPassword: 'new-password' } });
      expect(set.json()).toEqual({ passwordSet: true });
      await signInToken(t.app, 'forgetful', 'new-password');
    });

    it('needs a token, Update on users, an e-mail address and an enabled user', async () => {
      const oid = await gridUser('guarded');
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${oid}/password-reset` })).statusCode).toBe(401);
      expect((await post(`/api/admin/users/${oid}/password-reset`, undefined, reader)).statusCode).toBe(403);
      expect((await post(`/api/admin/users/${oid}/password-reset`, { extra: 1 })).json()).toMatchObject({ errors: { extra: ['is not a known field'] } });
      expect((await post('/api/admin/users/999999/password-reset', undefined)).statusCode).toBe(404);
      await t.database.db.query('update e_identity_user set "EmailAddress" = null where "Oid" = $1', [oid]);
      expect((await post(`/api/admin/users/${oid}/password-reset`, undefined)).json()).toMatchObject({ errors: { EmailAddress: ['is empty'] } });
      const off = await gridUser('offreset');
      await t.database.db.query('update e_identity_user set "Disabled" = true where "Oid" = $1', [off]);
      expect((await post(`/api/admin/users/${off}/password-reset`, undefined)).statusCode).toBe(409);
    });
  });

  describe('API keys', () => {
    const withKey = (key: string, url = '/api/data/identity/api-access', header: 'authorization' | 'x-api-key' = 'authorization') =>
      t.app.inject({ method: 'GET', url, headers: header === 'authorization' ? { authorization: `ApiKey ${key}` } : { 'x-api-key': key } });

    it('creates a key whose secret is answered once and stored only as a hash', async () => {
      const created = await post('/api/admin/api-keys', { name: 'Shop', userOid: clerkOid });
      expect(created.statusCode, created.body).toBe(201);
      const body = created.json<{ oid: number; key: string; keyPrefix: string; accessLevel: string; expiresAt: null }>();
      expect(body.key).toMatch(/^mate_[0-9a-f]{6}_[A-Za-z0-9_-]{43}$/);
      expect(body.key.startsWith(`${body.keyPrefix}_`)).toBe(true);
      expect(body).toMatchObject({ accessLevel: 'read', expiresAt: null, userOid: clerkOid, name: 'Shop' });
      const row = await t.app.inject({ method: 'GET', url: `/api/data/identity/api-access/${body.oid}`, headers: { authorization: `Bearer ${admin}` } });
      expect(row.json()).toMatchObject({ Name: 'Shop', UserOid: clerkOid, KeyPrefix: body.keyPrefix, NeverExpires: true });
      expect(row.body).not.toContain(body.key);
      const stored = await t.database.db.query<{ key_hash: string }>('select key_hash from mate_api_key where oid = $1', [body.oid]);
      expect(stored.rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored.rows)).not.toContain(body.key);
    });

    it("acts as the key's user with either header; a read key may not write", async () => {
      const { key } = (await post('/api/admin/api-keys', { name: 'Reader', userOid: clerkOid })).json<{ key: string }>();
      expect((await withKey(key, '/api/user/profile')).json()).toMatchObject({ userOid: clerkOid, username: 'clerk' });
      expect((await withKey(key, '/api/user/profile', 'x-api-key')).json()).toMatchObject({ userOid: clerkOid });
      const write = await t.app.inject({ method: 'POST', url: '/api/data/identity/role', payload: { Name: 'ByKey' }, headers: { authorization: `ApiKey ${key}` } });
      expect(write.statusCode).toBe(403);
      const { key: writer } = (await post('/api/admin/api-keys', { name: 'Writer', userOid: clerkOid, accessLevel: 'readWrite' })).json<{ key: string }>();
      const written = await t.app.inject({ method: 'POST', url: '/api/data/identity/role', payload: { Name: 'ByKey' }, headers: { authorization: `ApiKey ${writer}` } });
      expect(written.statusCode, written.body).toBe(201);
    });

    it('refuses unknown, expired and disabled keys and keys of disabled users with 401', async () => {
      expect((await withKey('mate_000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(401);
      expect((await withKey('not-a-key')).statusCode).toBe(401);
      const expiresAt = new Date(t.clock.now() + 60 * 60 * 1000).toISOString();
      const expiring = (await post('/api/admin/api-keys', { name: 'Soon', userOid: clerkOid, expiresAt })).json<{ key: string }>();
      expect((await withKey(expiring.key, '/api/user/profile')).statusCode).toBe(200);
      t.clock.advance(60 * 60 * 1000);
      expect((await withKey(expiring.key, '/api/user/profile')).statusCode).toBe(401);
      // The hour also ended the tokens of this file's callers.
      admin = await signInToken(t.app, 'admin', 'admin-password');
      reader = await signInToken(t.app, 'reader', 'reader-password');

      const disabled = (await post('/api/admin/api-keys', { name: 'Off', userOid: clerkOid })).json<{ key: string; oid: number }>();
      const row = await t.app.inject({ method: 'GET', url: `/api/data/identity/api-access/${disabled.oid}`, headers: { authorization: `Bearer ${admin}` } });
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/data/identity/api-access/${disabled.oid}`,
        payload: { Disabled: true },
        headers: { authorization: `Bearer ${admin}`, 'if-match': row.json<{ ETag: string }>().ETag, 'content-type': 'application/merge-patch+json' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect((await withKey(disabled.key, '/api/user/profile')).statusCode).toBe(401);

      const owner = await addUser(t.database, 'keyowner', 'keyowner-password');
      const owned = (await post('/api/admin/api-keys', { name: 'Owned', userOid: owner })).json<{ key: string }>();
      expect((await withKey(owned.key, '/api/user/profile')).statusCode).toBe(200);
      await t.database.db.query('update e_identity_user set "Disabled" = true where "Oid" = $1', [owner]);
      expect((await withKey(owned.key, '/api/user/profile')).statusCode).toBe(401);
    });

    it('holds a key to its IP ranges', async () => {
      const local = (await post('/api/admin/api-keys', { name: 'Local', userOid: clerkOid, allowedIpRanges: ['127.0.0.0/8'] })).json<{ key: string }>();
      expect((await withKey(local.key, '/api/user/profile')).statusCode).toBe(200);
      const remote = (await post('/api/admin/api-keys', { name: 'Remote', userOid: clerkOid, allowedIpRanges: ['10.20.0.0/16'] })).json<{ key: string }>();
      expect((await withKey(remote.key, '/api/user/profile')).statusCode).toBe(403);
    });

    it('refuses bad input naming the field, and needs Create on /data/identity/api-access', async () => {
      const error = async (payload: object) => (await post('/api/admin/api-keys', payload)).json<{ errors: Record<string, string[]> }>().errors;
      expect(Object.keys(await error({ userOid: clerkOid }))).toEqual(['name']);
      expect(Object.keys(await error({ name: 'X' }))).toEqual(['userOid']);
      expect(Object.keys(await error({ name: 'X', userOid: '1' }))).toEqual(['userOid']);
      expect(Object.keys(await error({ name: 'X', userOid: 999999 }))).toEqual(['userOid']);
      expect(Object.keys(await error({ name: 'X', userOid: clerkOid, expiresAt: 'tomorrow' }))).toEqual(['expiresAt']);
      expect(Object.keys(await error({ name: 'X', userOid: clerkOid, expiresAt: '2000-01-01T00:00:00Z' }))).toEqual(['expiresAt']);
      expect(Object.keys(await error({ name: 'X', userOid: clerkOid, accessLevel: 'all' }))).toEqual(['accessLevel']);
      expect(Object.keys(await error({ name: 'X', userOid: clerkOid, allowedIpRanges: ['10.0.0.0/99'] }))).toEqual(['allowedIpRanges']);
      expect(Object.keys(await error({ name: 'X', userOid: clerkOid, secret: 'mine' }))).toEqual(['secret']);
      expect((await post('/api/admin/api-keys', { name: 'X', userOid: clerkOid }, reader)).statusCode).toBe(403);
    });
  });
});

describe('password reset sent by an administrator with SMTP configured', () => {
  it('answers that the mail is sent', async () => {
    const t = await createIdentityTestApp({ env: { MATE_SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      await addUser(t.database, 'admin', 'admin-password', [1]);
      await ensureAdministratorRole(t.database.db);
      const oid = await addUser(t.database, 'someone', 'someone-password', [1]);
      const admin = await signInToken(t.app, 'admin', 'admin-password');
      const sent = await t.app.inject({ method: 'POST', url: `/api/admin/users/${oid}/password-reset`, headers: { authorization: `Bearer ${admin}` } });
      expect(sent.json()).toEqual({ result: 'sent', to: 'someone@example.test' });
    } finally {
      await t.close();
    }
  });
});
